"""Blind archive in the style of brand social-care over direct messages and messaging apps (Instagram, X,
WhatsApp, Messenger): very short customer messages, often several in a row split into separate turns, emojis,
slang and abbreviations (ngl, tbh, lol, omg, rn, bc, pls, thx), lower case, missing punctuation, typos and
voice-to-text slips, with the odd switch into Portuguese, Spanish, Tagalog, Hindi or Nigerian Pidgin. Agents are
friendly, brief social-care teams who sign off with initials or emojis and sometimes ask the customer to confirm
details. Domains: mobile networks, streaming, food delivery, fashion retail, airlines, banks and fintech apps,
gyms, concert ticketing, ride-hailing and games, for customers in the UK, US, Ireland, Nigeria, the Philippines,
India, Brazil and Mexico."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # 12 changes, then 12 traps. Each case:
    # (case_id, "change" or "trap", first_conversation_turns, later_conversation_turns, old_words, new_words)
    # turns are lists of (role, text) with role "customer" or "agent".
    ("soc-c01", "change",
     [("customer", "hiya"),
      ("customer", "got a q about my bill"),
      ("customer", "why has it gone up by for pounds this month?? 😩"),
      ("agent", "Hey! Sorry about that 🙈 Can you pop your number and first line of address in here so we can "
                "take a look? - Jas"),
      ("customer", "07700 900418, 22 ashby rd"),
      ("agent", "Thanks! So you're on our Essentials 30GB plan at £18 a month, and the extra £4 is from going "
                "over your roaming allowance in Spain last month 🇪🇸 - Jas"),
      ("customer", "ohhh ok ngl i forgot i was even in spain lol"),
      ("customer", "ye thats fine then, 30gb is plenty for me normally"),
      ("agent", "No worries at all! Anything else we can help with today? - Jas"),
      ("customer", "nah ur good thx x")],
     [("customer", "hey its me again"),
      ("customer", "so i upgraded in the app last nite to unlimited max bc i kept running out 😭"),
      ("customer", "but its still showing my old allowance??"),
      ("agent", "Hi again! Let's get that sorted 👍 Just to confirm, you moved from Essentials 30GB to Unlimited "
                "Max yesterday evening?"),
      ("customer", "yesss"),
      ("agent", "Perfect, I can see it's gone through, it can take up to 24h to show in the app. You're all set on "
                "Unlimited Max from today 🙌 - Ellie"),
      ("customer", "omg ok amazing ty")],
     "30GB", "Unlimited Max"),
    ("soc-c02", "change",
     [("customer", "Good afternoon"),
      ("customer", "pls my food has not come oo, its almost 1hr"),
      ("agent", "Hi there! So sorry for the wait 🙏🏾 Can you share your order number and delivery address?"),
      ("customer", "#CH-58120"),
      ("customer", "12 admiralty way lekki phase 1, the house with black gate"),
      ("agent", "Thank you! The rider is 5 mins away now, traffic on Admiralty was heavy 😩 I've also added a "
                "note about the black gate to your saved address, 12 Admiralty Way, Lekki Phase 1."),
      ("customer", "ok thank u"),
      ("customer", "he's here now 👍🏾")],
     [("customer", "hello"),
      ("customer", "i don pack o, moved to surulere last weekend"),
      ("customer", "pls how do i change the address, the app keeps sending evrything to lekki"),
      ("agent", "Hi! Congrats on the new place 🎉 What's the new address so we can update it for you?"),
      ("customer", "plot 5 bode thomas street surulere, opposite the pharmacy"),
      ("agent", "Done ✅ Plot 5 Bode Thomas Street, Surulere is now your default address and I've removed the "
                "Lekki one. Anything else?"),
      ("customer", "no thats all, thanks well well")],
     "Admiralty Way", "Bode Thomas"),
    ("soc-c03", "change",
     [("customer", "oi boa noite"),
      ("customer", "im not getting the emails for my statement (extrato)"),
      ("customer", "is it the right email?? marianasouza92@gmail.com"),
      ("agent", "Oi Mariana! 💜 Yes, that's the email on your account: marianasouza92@gmail.com. Can you check "
                "your spam folder / aba Promoções?"),
      ("customer", "aff was in spam 🤦‍♀️"),
      ("customer", "valeu"),
      ("agent", "Imagina! Marking it as 'not spam' should fix it for next time 😉")],
     [("customer", "oii"),
      ("customer", "quero trocar meu email"),
      ("customer", "not using gmail anymore, pls change it to mariana.souza@outlook.com"),
      ("agent", "Oi! Claro 💜 For security, can you confirm the last 4 digits of your CPF?"),
      ("customer", "0917"),
      ("agent", "Thanks! Done: your email is now mariana.souza@outlook.com. You'll get a confirmation there in a "
                "few minutes, and the Gmail one won't get anything from us anymore."),
      ("customer", "perfeito obg!!")],
     "marianasouza92", "mariana.souza@outlook.com"),
    ("soc-c04", "change",
     [("customer", "hey quick one"),
      ("customer", "is the rathmines gym open bank holiday monday"),
      ("customer", "thats my home club btw"),
      ("agent", "Hi there! Yes, Rathmines is open 8am to 6pm on the bank holiday 💪 Your membership has Rathmines "
                "as your home club so you're all good."),
      ("customer", "deadly thanks")],
     [("customer", "howya"),
      ("customer", "new job is out in sandyford so id like to move my home club there if thats possible"),
      ("customer", "rathmines is a pain to get to now tbh"),
      ("agent", "Hey! No problem at all. Just to confirm, you want your home club changed from Rathmines to "
                "Sandyford from the 1st?"),
      ("customer", "yep thats it"),
      ("agent", "Sorted ✅ Sandyford is your home club from the 1st of next month, same price. See you there! 🏋️"),
      ("customer", "legend")],
     "Rathmines", "Sandyford"),
    ("soc-c05", "change",
     [("customer", "hi po"),
      ("customer", "can u pls add my seat pref to my profile? always aisle pls, i get claustrophobic sa window lol"),
      ("agent", "Hi po! 😊 Done, we've saved aisle seat as your seating preference on your profile so it's "
                "suggested on every booking. ^MC"),
      ("customer", "yay salamat!!")],
     [("customer", "hello again"),
      ("customer", "pls change my seat pref to window na lang"),
      ("customer", "i got over it haha i like sleeping on the wall now"),
      ("agent", "Hi! 😄 Sure thing. Updating your preference from aisle to window seat now... done! Future bookings "
                "will suggest a window seat. ^RJ"),
      ("customer", "tysm 🫶")],
     "aisle", "window"),
    ("soc-c06", "change",
     [("customer", "yo my payment failed??"),
      ("customer", "i literally have money on that card"),
      ("agent", "Hey! Sorry about the hassle 😬 Can you confirm the card on file? We're seeing a Visa ending in "
                "4417."),
      ("customer", "yeah thats mine"),
      ("agent", "Got it. Looks like your bank declined it as a possible fraud flag. If you give them a quick call "
                "and then retry in the app it should go through 👍"),
      ("customer", "ugh ok"),
      ("customer", "ok worked thx")],
     [("customer", "hey how do i swap the card on my acct"),
      ("customer", "got a new amex, ending in 1009"),
      ("customer", "cancelled the visa bc of all the fraud stuff"),
      ("agent", "Hey! I can do it from here. So you want the Amex ending in 1009 as your card going forward?"),
      ("customer", "ya pls"),
      ("agent", "Done! The Amex ending in 1009 is now your payment method and the old Visa is removed 🎬"),
      ("customer", "ty!!")],
     "4417", "1009"),
    ("soc-c07", "change",
     [("customer", "hi"),
      ("customer", "my paytm got debited but ride shows payment pending"),
      ("customer", "ride from andheri to bkc this morning"),
      ("agent", "Hi! Sorry for this. Paytm is your default payment method, right? Can you share the ride ID from "
                "the app?"),
      ("customer", "yes paytm only always"),
      ("customer", "RID 7781204"),
      ("agent", "Thanks. The payment has gone through, the app just hadn't refreshed. It shows as paid now, "
                "nothing pending 👍"),
      ("customer", "ok thx")],
     [("customer", "hello"),
      ("customer", "i removed paytm from the app, pls make phonepe my default now"),
      ("customer", "last time it gave so much tension yaar"),
      ("agent", "Hi! Sure. I can see PhonePe linked to your account. I've set PhonePe as your default payment "
                "method and Paytm is no longer on your account ✅"),
      ("customer", "thanks bhai")],
     "Paytm", "PhonePe"),
    ("soc-c08", "change",
     [("customer", "holaa"),
      ("customer", "i always pick up my orders at parque delta"),
      ("customer", "can u make that my default store? en la app no me deja"),
      ("agent", "¡Hola! 💛 Claro. I've set Parque Delta (CDMX) as your default pickup store, so it'll be "
                "preselected on every order."),
      ("customer", "graciasss")],
     [("customer", "hola otra vez"),
      ("customer", "me mudé a querétaro 🙃"),
      ("customer", "so parque delta doesnt work for me anymore, can it be antea?"),
      ("agent", "¡Hola! Suerte con la mudanza 🏡 Done, I've changed your default pickup store from Parque Delta "
                "to Antea Querétaro ✨"),
      ("customer", "ay mil gracias")],
     "Parque Delta", "Antea"),
    ("soc-c09", "change",
     [("customer", "eae"),
      ("customer", "my season pass didnt unlock"),
      ("customer", "i play on ps5, bought it on the playstation store yesterday"),
      ("agent", "Hey! Sorry about that. Can you send your in-game ID? Your account is linked to PS5 so purchases "
                "from the PS Store should show up within an hour."),
      ("customer", "Kaique_BR77"),
      ("agent", "Thanks! I forced a sync, it should be unlocked now. Relaunch the game 🎮"),
      ("customer", "funcionou vlw")],
     [("customer", "salve"),
      ("customer", "sold my ps5 and got an xbox series x 😎"),
      ("customer", "how do i move my progress, dont wanna lose my stuff"),
      ("agent", "Nice upgrade! 🔥 I can see you linked your Xbox account a few min ago, so your progress has "
                "carried over. Your account is on Xbox now and the PS5 link has been removed."),
      ("customer", "ah show, thx mano")],
     "PS5", "Xbox"),
    ("soc-c10", "change",
     [("customer", "Hi good morning"),
      ("customer", "I want to withdraw my savings but its saying error"),
      ("agent", "Good morning! 😊 Sorry about that. Withdrawals go to your linked bank, we have GTBank account "
                "ending 3321. Is that still correct?"),
      ("customer", "yes thats my GTB acct"),
      ("agent", "Great. There was a short downtime with GTBank transfers this morning, it's back now. Please try "
                "again 🙏🏾"),
      ("customer", "it has entered. thank you")],
     [("customer", "Hello"),
      ("customer", "pls i closed my gtb account, im using Access Bank now"),
      ("customer", "how do i change it"),
      ("agent", "Hi! For security, please confirm the account name and the last 4 digits of the Access Bank "
                "account."),
      ("customer", "Chidinma Okafor, 7712"),
      ("agent", "Thank you Chidinma. Your withdrawals will now go to your Access Bank account ending 7712, and "
                "GTBank has been unlinked ✅"),
      ("customer", "ok thanks a lot")],
     "GTBank", "Access Bank"),
    ("soc-c11", "change",
     [("customer", "hey"),
      ("customer", "my iphone 13 keeps dropping to SOS mode??"),
      ("customer", "like every night at home"),
      ("agent", "Hi! That's frustrating 😕 Try Settings > General > Transfer or Reset > Reset Network Settings on "
                "your iPhone 13, and let us know if it keeps happening."),
      ("customer", "omg that fixed it wtf lol"),
      ("customer", "thank u")],
     [("customer", "hi so i switched to a samsung"),
      ("customer", "galaxy s24 ultra"),
      ("customer", "do i need a new sim or does esim transfer"),
      ("agent", "Congrats on the S24 Ultra! 🎉 You can transfer the eSIM during setup. Want me to update the device "
                "on your account to Galaxy S24 Ultra so your insurance covers it?"),
      ("customer", "yes pls"),
      ("agent", "Done ✅ Your line now shows the Galaxy S24 Ultra and the iPhone 13 has been removed."),
      ("customer", "👍")],
     "iPhone 13", "S24"),
    ("soc-c12", "change",
     [("customer", "hiya"),
      ("customer", "my burger came with bacon on it 🤢"),
      ("customer", "im vegetarian i ticked it and everything"),
      ("agent", "Oh no, we're so sorry! That shouldn't happen. I've refunded the burger and flagged it with the "
                "restaurant. I can see vegetarian set as your dietary preference, so we'll make sure it's applied "
                "properly 🥗"),
      ("customer", "thx")],
     [("customer", "random q but"),
      ("customer", "can i change my diet thing in the app? im pescatarian now, started eating fish again lol"),
      ("customer", "the veggie filter hides all the sushi 😭"),
      ("agent", "Haha fair! 🍣 I've updated your dietary preference from vegetarian to pescatarian, so fish dishes "
                "will show up now but meat stays hidden."),
      ("customer", "perfectt thank u x")],
     "vegetarian", "pescatarian"),
    ("soc-t01", "trap",
     [("customer", "hey my points from last weeks flight havent shown up"),
      ("customer", "LHR to EDI on the 3rd"),
      ("agent", "Hi there, sorry about that. Could you DM your membership number and booking ref? ^Tom"),
      ("customer", "1180 2294 / QXT7PL"),
      ("agent", "Thanks. I've added the missing points manually. As a Silver tier member you also get the tier "
                "bonus on top ✈️ ^Tom"),
      ("customer", "ah nice cheers")],
     [("customer", "quick q how many tier points do i need for gold"),
      ("customer", "not gonna make it this yr ngl just curious"),
      ("agent", "Hi! Gold needs 1,500 tier points in your membership year. You're at 740 right now so a bit of a "
                "way to go 😅 ^Priya"),
      ("customer", "lol yeah thought so, thx")],
     "Silver", "asks what it takes to reach Gold tier"),
    ("soc-t02", "trap",
     [("customer", "hi team"),
      ("customer", "4K not coming on my TV even tho im paying for premium"),
      ("agent", "Hi! Sorry about this 🙏 We can see you're on the Premium plan, so 4K should be available. Can you "
                "check Settings > Playback in the TV app is set to Auto / High?"),
      ("customer", "it was on low 🤦🏽‍♂️ now working"),
      ("customer", "thx")],
     [("customer", "hey how much is the mobile plan"),
      ("customer", "thinking of downgrading bc price went up"),
      ("agent", "Hi! The Mobile plan is ₹149/month, but it's phone/tablet only and 480p. Want me to switch you?"),
      ("customer", "hmm no then my parents wont be able to watch on tv"),
      ("customer", "leave it as it is for now"),
      ("agent", "No problem! You'll stay on Premium 😊")],
     "Premium", "asks the price of the Mobile plan and decides not to switch"),
    ("soc-t03", "trap",
     [("customer", "hellooo"),
      ("customer", "the rider cant find my condo 😅"),
      ("customer", "its the one on valero st salcedo village, the tall grey one"),
      ("agent", "Hi! So sorry po. We've called the rider and sent him the pin. I've also saved 'Valero St, Salcedo "
                "Village, Makati, grey tower, lobby' as your home address so it's easier next time 🛵"),
      ("customer", "ok he's here na, thank youuu")],
     [("customer", "hi can i send tonights order to my bf's place instead"),
      ("customer", "im staying there this weekend lang, BGC"),
      ("customer", "but i dont want to change my home address"),
      ("agent", "Hi! Sure po 😊 Just pick 'Deliver somewhere else' at checkout and pin BGC for tonight. Your saved "
                "Valero St address stays as is."),
      ("customer", "got it thx!!")],
     "Valero", "one weekend's orders to the boyfriend's place in BGC"),
    ("soc-t04", "trap",
     [("customer", "buenas"),
      ("customer", "my new debit card hasnt arrived"),
      ("agent", "¡Hola! Let's check 👀 For security, please confirm your full name and delivery address."),
      ("customer", "Luis Fernando Ríos, av chapultepec 480 depto 3, guadalajara"),
      ("agent", "Gracias Luis. The card was sent to Av. Chapultepec 480, Depto 3, Guadalajara and it's out for "
                "delivery today 📦"),
      ("customer", "va gracias")],
     [("customer", "hola"),
      ("customer", "pregunta, my brother is moving to monterrey next month"),
      ("customer", "can he open an account with u guys there or is it only jalisco"),
      ("agent", "¡Hola Luis! Yes, he can open one from anywhere in México through the app, and his card would be "
                "sent to his address in Monterrey 🙌"),
      ("customer", "ah ok perfecto, le digo")],
     "Chapultepec", "the brother's move to Monterrey"),
    ("soc-t05", "trap",
     [("customer", "hi can u tell me when off peak ends on saturdays"),
      ("customer", "just joined, im on the off-peak membership"),
      ("agent", "Hey, welcome! 🙌 On the Off-Peak membership you can come in any time at weekends, and on weekdays "
                "before 4pm and after 8pm."),
      ("customer", "oh sick didnt know weekends were all day")],
     [("customer", "how much is it to go to peak"),
      ("customer", "might need evenings if my shifts change"),
      ("agent", "Hey! Peak (anytime) is £9 a month more than your Off-Peak. You can switch in the app whenever, "
                "no fee 👍"),
      ("customer", "ok cool ill wait n see what the rota says"),
      ("customer", "stay on off peak for now"),
      ("agent", "No worries, nothing's changed on your account 😊")],
     "peak", "asks the price of the Peak membership and stays put"),
    ("soc-t06", "trap",
     [("customer", "hi i need to book accessible tickets for the 3arena gig in june"),
      ("customer", "im a wheelchair user and need a space + a companion seat"),
      ("agent", "Hi! Absolutely 😊 I've added a note to your account that you're a wheelchair user needing a "
                "wheelchair space plus a free companion ticket, so you'll see the accessible options when you "
                "log in."),
      ("customer", "brilliant thank you")],
     [("customer", "just to say the access at the venue last nite was a joke"),
      ("customer", "lift was broken and nobody told us"),
      ("customer", "had to wait 40 mins to get in 😡"),
      ("agent", "Hi, we're really sorry, that's not good enough at all. We've passed it to the venue's access team "
                "and sent you a €20 voucher as an apology. Thanks for telling us 💚"),
      ("customer", "thanks i guess")],
     "wheelchair", "a complaint about the venue's broken lift"),
    ("soc-t07", "trap",
     [("customer", "pls the driver is saying i owe 500 naira from last trip"),
      ("customer", "i paid cash na"),
      ("agent", "Hi! Sorry for the confusion 🙏🏾 Your account is set to pay with cash and the last trip was marked "
                "as paid. I've removed the balance, the driver won't ask again."),
      ("customer", "thank you jare")],
     [("customer", "hello, if i add my card will the rides be cheaper"),
      ("customer", "just asking"),
      ("agent", "Hi! Prices are the same for card and cash, the only difference is a card gets charged "
                "automatically at the end of the trip 🚗"),
      ("customer", "ok no wahala, i'll just continue with cash")],
     "cash", "asks whether paying by card would be cheaper"),
    ("soc-t08", "trap",
     [("customer", "hi is there an outage near me? no signal since like 2pm"),
      ("customer", "4410 elm st austin tx, thats my home"),
      ("agent", "Hey there, thanks! Yes, there's maintenance on a tower near 4410 Elm St, service should be back by "
                "6pm today 🙏 Sorry for the trouble!"),
      ("customer", "ok thx for lmk")],
     [("customer", "why did u guys send me an email saying my adress changed??"),
      ("customer", "i didnt change anything"),
      ("agent", "Hi! Sorry for the scare. Looks like a phone was shipped to an address in Dallas. Did you move?"),
      ("customer", "no lol i still live at the elm st place"),
      ("customer", "that was a gift for my sister, its her address"),
      ("agent", "Got it, thanks! Your account address stays 4410 Elm St, the Dallas one was only used for that one "
                "shipment 👍"),
      ("customer", "ok good")],
     "4410 Elm", "denies moving; the Dallas address is the sister's"),
    ("soc-t09", "trap",
     [("customer", "hello po my diamonds top up didnt go thru but gcash already deducted"),
      ("customer", "P499"),
      ("agent", "Hi! Sorry about that 🙏 We can see the GCash payment, the diamonds are now credited. Your GCash is "
                "saved as your payment method so next top-ups will be quicker."),
      ("customer", "yayy salamat po")],
     [("customer", "hi does maya work for top ups?"),
      ("customer", "my friend said it has cashback rn"),
      ("agent", "Hi! Yes po, Maya works too 😊 You can choose it at checkout anytime, your saved GCash stays as "
                "default unless you change it."),
      ("customer", "ahh ok ok, ty")],
     "GCash", "asks whether Maya works"),
    ("soc-t10", "trap",
     [("customer", "oii"),
      ("customer", "the sneakers i ordered are too small 😩"),
      ("customer", "i ordered 37 but im a 38 in everything, my bad"),
      ("agent", "Oi! Sem problemas 💕 We've sent an exchange label for the 38. I've also saved 38 as your shoe "
                "size so it's preselected next time 👟"),
      ("customer", "amei, obg")],
     [("customer", "oi, quero comprar um presente pra minha irmã"),
      ("customer", "she's a 36 in shoes, do the running ones run small?"),
      ("agent", "Oi! Que fofa 🥰 That model runs true to size, so a 36 should fit her. Want me to send you the link?"),
      ("customer", "sim pfv"),
      ("agent", "Here you go 💕 [link]")],
     "38", "the sister's shoe size 36"),
    ("soc-t11", "trap",
     [("customer", "hey my top up from barclays is stuck"),
      ("customer", "says pending for like 3 hrs"),
      ("agent", "Hi! 👋 Sorry about that. The transfer from your linked Barclays account was held for a routine "
                "check and it's just cleared now. Should be in your balance 💸"),
      ("customer", "yep its there ta")],
     [("customer", "hey if i switch my main bank to monzo next year will i have to set everything up again"),
      ("customer", "havent decided yet just thinking"),
      ("agent", "Hi! You'd just need to link the new account in Settings > Top-up, takes about 2 mins 😊 For now "
                "your Barclays account is still the linked one."),
      ("customer", "ok thats not bad thx")],
     "Barclays", "a possible switch to Monzo next year, not decided"),
    ("soc-t12", "trap",
     [("customer", "hi my order is showing delivered but i didnt get anything"),
      ("customer", "koramangala 5th block, 3rd cross, flat 204"),
      ("agent", "Hi! So sorry about this 😔 The rider marked it delivered at the wrong building. Refund of ₹412 is "
                "processed. We've saved Flat 204, 3rd Cross, Koramangala 5th Block as your address with a landmark "
                "note so it doesn't happen again."),
      ("customer", "ok thanks")],
     [("customer", "ugh why did todays order go to my old indiranagar flat"),
      ("customer", "i shifted from there like 2 years back, before i even joined the app i think"),
      ("customer", "idk how it even got that address"),
      ("agent", "Hi, really sorry! It seems it was picked up from an old location in your phone's history. I've "
                "cancelled and re-placed the order to your Koramangala address, no charge 🙏"),
      ("customer", "ok pls make sure it doesnt happen again")],
     "Koramangala", "a past address in Indiranagar"),
]

ONE_OFFS = [
    # 5 one-off conversations: (scope_id, turns). A request handled there and then that leaves nothing worth
    # remembering about the customer (a refund, a resend, a single booking, a question answered).
    ("soc-o01", [("customer", "hiii i bought tix for the show on friday but never got the email 😭"),
                 ("customer", "order 4471-2290"),
                 ("agent", "Hi! Sorry about that! I just resent the confirmation with your mobile tickets, should "
                           "land in a few min. They're also in the app under My Tickets 🎟️"),
                 ("customer", "got it!! thank uuu"),
                 ("agent", "Enjoy the show! 🎶")]),
    ("soc-o02", [("customer", "boa tarde"),
                 ("customer", "fui cobrado 2x na corrida de ontem"),
                 ("customer", "charged twice for yesterdays ride, R$ 23,90 each"),
                 ("agent", "Boa tarde! Desculpa 😕 I can see the duplicate charge. I've refunded one of the R$ 23,90 "
                           "payments, it'll show up in 3-5 business days."),
                 ("customer", "blz obg")]),
    ("soc-o03", [("customer", "good evening pls how many kg is the checked bag allowance for economy to abuja"),
                 ("agent", "Good evening! On domestic economy you get 1 checked bag up to 23kg plus 7kg hand "
                           "luggage ✈️"),
                 ("customer", "ok and if its 25kg?"),
                 ("agent", "Then there's a small overweight fee at the counter, ₦5,000 for up to 5kg extra."),
                 ("customer", "alright thanks")]),
    ("soc-o04", [("customer", "oigan como descargo episodios pa verlos sin internet"),
                 ("agent", "¡Hola! 📲 Tap the download arrow next to each episode in the app (phone or tablet). "
                           "They'll be under 'Descargas' 🍿"),
                 ("customer", "ya vi, gracias!!")]),
    ("soc-o05", [("customer", "hi got charged €5 for a data add on i never bought??"),
                 ("customer", "can u check pls"),
                 ("agent", "Hi there! Sorry about that, looks like it was added by mistake after a text reply. I've "
                           "refunded the €5 and it'll show on your next bill 👍"),
                 ("customer", "grand thanks")]),
]

START = datetime(2026, 4, 13, 9, tzinfo=UTC)
SECOND = timedelta(days=38)

FAILS_TODAY: dict[str, str] = {
    "soc-c01": "'30GB' is not closed by a fact holding 'Unlimited Max'; stored: customer lives at "
               "07700 900418, 22 ashby rd (active); customer is on the Essentials 30GB plan (active)",
    "soc-c02": "no fact holds 'Admiralty Way'; stored: customer's app keeps sending evrything to "
               "lekki (active); customer lives at plot 5 Bode Thomas Street (active)",
    "soc-c05": "no fact holds 'aisle'; stored: customer wants to change their seat preference to "
               "window na lang (active); customer likes sleeping (active)",
    "soc-c06": "no fact holds '4417'; stored: customer pays with that card (closed); customer's "
               "payment method ends in 1009 (active); customer pays with Amex (closed); customer "
               "cancelled the Visa (closed); customer pays with Amex ending (active)",
    "soc-c08": "no fact holds 'Parque Delta'; stored: nothing",
    "soc-c09": "no fact holds 'PS5'; stored: customer has a playstation store (closed); customer has "
               "xbox series (active); customer has a Xbox (active)",
    "soc-c10": "no fact holds 'GTBank'; stored: customer banks with Access Bank (active); customer "
               "banks with Chidinma Okafor, 7712 (closed); customer is on the their Access Bank "
               "account (active); customer's payment method ends in 7712 (active)",
    "soc-c11": "no fact holds 'iPhone 13'; stored: customer has a Samsung (active)",
    "soc-t01": "no fact holds 'Silver'; stored: nothing",
    "soc-t03": "no fact holds 'Valero'; stored: nothing",
    "soc-t06": "no fact holds 'wheelchair'; stored: nothing",
    "soc-t08": "no fact holds '4410 Elm'; stored: customer lives at elm st place (active)",
}

ARCHIVE = CaseArchive(tenant="blind-social", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
