"""Partner-support archive for marketplaces and gig platforms: ride-hail and delivery drivers, couriers, holiday-let
hosts, online sellers, freelancers on a talent platform, restaurant owners on a food-delivery app and tradespeople
on a booking app, across the UK, US, Ireland, Kenya, Nigeria, India, the Philippines, Mexico, Poland and Australia.
The customer is always the partner writing about their own account (payout method, vehicle and plate, zone, listing
or store address, business name, tax status, insurer, phone, email, hours, plan or tier, device), usually tersely
and in platform jargon, sometimes in Spanish or with local phrasing; agents are partner-support staff answering with
macro-style policy language."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # (case_id, "change" or "trap", first_conversation_turns, later_conversation_turns, old_words, new_words)
    ("gig-c01", "change",
     [("customer", "hi, doc upload keeps bouncing back. its my PHV licence from TfL, renewed last week"),
      ("agent", "Hi Darren, thanks for reaching out to Partner Support. I can see the rejection: the photo was "
                "cropped at the expiry date. Could you re-upload a full, uncropped image?"),
      ("customer", "done. also while ur there the car on my profile is right, Toyota Prius, LK19 XRT, silver"),
      ("agent", "Thanks, the new licence image has passed review. Vehicle on file: Toyota Prius, plate LK19 XRT. "
                "You're all set to go online."),
      ("customer", "cheers")],
     [("customer", "Sold the prius. got a Kia Niro now, plate is LN23 HWD. logbook + insurance uploaded, pls "
                   "approve asap im losing money sitting here"),
      ("agent", "Hi Darren, I understand the urgency. The V5C and insurance for the Kia Niro (LN23 HWD) look "
                "fine, but I can't see the PHV vehicle licence yet."),
      ("customer", "uploaded it 10 mins ago, check again"),
      ("agent", "Found it, it was still processing. The Kia Niro is now approved and set as your active vehicle, "
                "and the Prius has been removed. You can go online now.")],
     "Toyota Prius", "Kia Niro"),
    ("gig-c02", "change",
     [("customer", "Habari. My payouts for last week came in two parts, why"),
      ("agent", "Hello Brian, thanks for contacting Rider Support. Weekly earnings are sent to your M-Pesa "
                "number 0722 481 906, and when the total is above the per-transaction limit they go in two "
                "batches. Both batches have gone through."),
      ("customer", "Ok so nothing is missing. Fine")],
     [("customer", "I want my earnings to go to bank from now, not M-Pesa. Equity Bank, account 0180294733512, "
                   "name Brian Otieno Ouma"),
      ("agent", "Sure Brian. For security, please confirm the last 4 digits of your ID number."),
      ("customer", "4417"),
      ("agent", "Thank you. Your payout method has been updated to Equity Bank account ending 3512. From next "
                "Monday's payout, earnings will go to the bank instead of M-Pesa."),
      ("customer", "asante")],
     "M-Pesa", "Equity Bank"),
    ("gig-c03", "change",
     [("customer", "Hello, I run three cottages near Westport through your site under the business name Clew Bay "
                   "Stays. The invoices you generate have my personal name on them instead, can that be fixed? "
                   "My accountant needs them in the business name."),
      ("agent", "Hi Siobhán, thanks for getting in touch with Host Support. I've updated the invoicing details "
                "so statements are issued to Clew Bay Stays. Would you like me to reissue the last three months "
                "as well?"),
      ("customer", "Yes please, that'd be great."),
      ("agent", "Done. You'll find the reissued statements under Earnings > Documents within 24 hours.")],
     [("customer", "Hi again. We've rebranded - the business is now trading as Wild Atlantic Cottages Ltd "
                   "(incorporated last month, CRO number 741203). Can the invoices and host profile name be "
                   "switched over?"),
      ("agent", "Congratulations on the incorporation! I can make that change. Could you upload the CRO "
                "certificate under Account > Business details?"),
      ("customer", "Uploaded just now."),
      ("agent", "Thank you, verified. Your host business name is now Wild Atlantic Cottages Ltd and all "
                "statements from today will be issued in that name.")],
     "Clew Bay Stays", "Wild Atlantic Cottages Ltd"),
    ("gig-c04", "change",
     [("customer", "Our restaurant Dosa Junction at 5th Block Koramangala is showing as closed since morning. We "
                   "are open!! Orders are going to other places"),
      ("agent", "Hi Ramesh, apologies for the trouble. Your outlet was auto-paused after 3 missed orders. I have "
                "switched it back online. Please make sure the tablet stays logged in."),
      ("customer", "ok the tablet had no charge. online now thanks")],
     [("customer", "We have shifted the restaurant. New address is 27th Main, Sector 2, HSR Layout, Bengaluru "
                   "560102. Kitchen running from today, please update pin on map also, customers are getting old "
                   "location"),
      ("agent", "Hello Ramesh, thank you for informing us. Address changes need an FSSAI licence showing the new "
                "address. Could you share it?"),
      ("customer", "sent on email just now, FSSAI 11224999000123"),
      ("agent", "Received and verified. Dosa Junction's address and map pin are now updated to HSR Layout, and "
                "the delivery radius has been recalculated from the new location. It may take up to 2 hours to "
                "reflect on the customer app."),
      ("customer", "ok")],
     "Koramangala", "HSR Layout"),
    ("gig-c05", "change",
     [("customer", "Hi! I didn't get the verification code for the new contract. My email on the account is "
                   "mara.deguzman.va@gmail.com, already checked spam."),
      ("agent", "Hi Mara, sorry about that. I've resent the code to mara.deguzman.va@gmail.com. It can take a "
                "few minutes to arrive."),
      ("customer", "got it now, thank youuu")],
     [("customer", "Hello po, I'd like to change my login email to my business domain: hello@maradeguzman.ph. "
                   "I'm retiring the gmail one."),
      ("agent", "Hi Mara! I've sent a confirmation link to hello@maradeguzman.ph. Once you click it, the change "
                "takes effect."),
      ("customer", "Clicked!"),
      ("agent", "Confirmed. Your account email is now hello@maradeguzman.ph. Client messages and payment "
                "notifications will go there from now on.")],
     "mara.deguzman.va@gmail.com", "hello@maradeguzman.ph"),
    ("gig-c06", "change",
     [("customer", "buenas, no me estan llegando pedidos desde las 2. estoy en mi zona, Polanco, conectado"),
      ("agent", "Hola Luis, gracias por escribir a Soporte para Repartidores. Tu zona asignada es Polanco y la "
                "demanda ahí bajó esta tarde por la lluvia. Tu cuenta está activa y sin restricciones."),
      ("customer", "ok pues a esperar")],
     [("customer", "Me cambié de casa a Coyoacán, ya no me conviene Polanco. Se puede cambiar mi zona fija?"),
      ("agent", "Claro, Luis. Hay cupo disponible en Coyoacán. ¿Confirmas que quieres que Coyoacán sea tu zona "
                "principal a partir de mañana?"),
      ("customer", "si confirmo"),
      ("agent", "Listo. Desde mañana tu zona principal es Coyoacán. Los bloques horarios que tenías en Polanco "
                "se cancelaron.")],
     "Polanco", "Coyoacán"),
    ("gig-c07", "change",
     [("customer", "Good morning. I sell handmade ceramics (mugs, plates) on your marketplace. I see 12% "
                   "commission on my last orders, was it not 10%?"),
      ("agent", "Dzień dobry Agnieszka, thank you for your message. Your shop is on the Standard seller plan, "
                "where commission for Home & Kitchen is 12%. The 10% rate applies to the Premium plan."),
      ("customer", "Ok understood, thank you.")],
     [("customer", "I upgraded to Premium yesterday in the panel, monthly fee 49 zł already charged. But orders "
                   "today still show 12%??"),
      ("agent", "Hi Agnieszka, I can confirm your shop moved to the Premium plan yesterday at 18:40. Orders "
                "placed before the upgrade keep the old rate; today's orders should be 10%. Which orders do you "
                "mean?"),
      ("customer", "88123401 and 88123455, both this morning"),
      ("agent", "You're right, those were charged incorrectly because of a sync delay. I've corrected both to "
                "10%, and Premium is now fully active on your shop.")],
     "Standard", "Premium"),
    ("gig-c08", "change",
     [("customer", "g'day, app says my public liability cert is expiring. renewed with QBE, same policy, new "
                   "cert attached"),
      ("agent", "Hi Mick, thanks for that. I've checked the certificate: QBE public liability, $20 million "
                "cover, valid to 30 April 2027. Your profile badge is updated and you'll keep showing in job "
                "searches."),
      ("customer", "good stuff")],
     [("customer", "Switched insurers, QBE's premium went up 40% so I'm with Allianz now. New cert uploaded. Old "
                   "policy cancelled as of Friday"),
      ("agent", "Thanks Mick. I can see the Allianz certificate: $20 million public liability, policy "
                "AZP-5518273. It's been verified and replaces the QBE one on your profile."),
      ("customer", "ta")],
     "QBE", "Allianz"),
    ("gig-c09", "change",
     [("customer", "customers keep calling me from a number thats not mine?? or they see a different one. my "
                   "number is (312) 555-0148"),
      ("agent", "Hi Keisha, thanks for reaching out. Your account has (312) 555-0148 on file, which is correct. "
                "Customer calls go through a masked relay number, so they never see your real one. That's "
                "expected and protects your privacy."),
      ("customer", "oh ok. weird but fine")],
     [("customer", "new phone number. (312) 555-0193. old one is disconnected so dont send codes there"),
      ("agent", "Got it Keisha. To verify, I've sent a code to (312) 555-0193. Can you read it back to me?"),
      ("customer", "664019"),
      ("agent", "Verified. Your phone number is now (312) 555-0193 and the old number has been removed from your "
                "account.")],
     "(312) 555-0148", "(312) 555-0193"),
    ("gig-c10", "change",
     [("customer", "The app is very slow on my phone, map is freezing when I accept trip. Tecno Spark 10, "
                   "Android 13"),
      ("agent", "Hello Chinedu, sorry about this. On the Tecno Spark 10 please turn off battery saver for the "
                "Driver app and clear its cache under Settings > Apps. Let us know if it continues."),
      ("customer", "I have done it. its better now"),
      ("agent", "Great to hear. Drive safe!")],
     [("customer", "I changed phone. Now using Samsung Galaxy A15. When I login it says device not recognized"),
      ("agent", "Hello Chinedu. For security, logins from a new device need a selfie check. I've triggered it "
                "now, please open the app and follow the prompt."),
      ("customer", "done"),
      ("agent", "Thank you, your identity is confirmed. Your Samsung Galaxy A15 is now registered as your "
                "driving device and the Tecno has been signed out.")],
     "Tecno Spark 10", "Samsung Galaxy A15"),
    ("gig-c11", "change",
     [("customer", "Why is there VAT on my seller fees invoice? I'm a sole trader, not VAT registered, "
                   "turnover's about £40k"),
      ("agent", "Hi Priya, thanks for getting in touch. Seller fees carry UK VAT at 20% for all sellers. As your "
                "account is marked not VAT registered you can't reclaim it, but the charge itself is correct."),
      ("customer", "bit rubbish but ok")],
     [("customer", "hi, crossed the threshold so i'm now VAT registered, number GB 318 4470 26, effective 1 "
                   "june. how do i get it on the fee invoices"),
      ("agent", "Hi Priya, you can add it under Settings > Tax info, or I can do it for you now."),
      ("customer", "you do it please"),
      ("agent", "Done. Your account now shows you as VAT registered with number GB 318 4470 26. Fee invoices "
                "from today will display it so you can reclaim the VAT.")],
     "not VAT registered", "VAT registered"),
    ("gig-c12", "change",
     [("customer", "Good day. Why does our store appear closed at lunch? Our hours are 7am to 3pm Monday to "
                   "Saturday. Lola Nena's Kitchen, Mandaue"),
      ("agent", "Hi Jun, thanks for reaching out to Merchant Support. The hours on your store were set to 7am to "
                "1pm by mistake. I've corrected them to 7am to 3pm, Monday to Saturday."),
      ("customer", "Thank you so much")],
     [("customer", "Hello, we hired more staff so we are open longer now, 7am to 9pm, still Mon-Sat. Please "
                   "change"),
      ("agent", "Hi Jun, happy to help. Just to confirm: 7am to 9pm, Monday to Saturday, closed Sunday?"),
      ("customer", "Yes correct"),
      ("agent", "Updated. Lola Nena's Kitchen now accepts orders from 7am to 9pm, Monday to Saturday.")],
     "7am to 3pm", "7am to 9pm"),
    ("gig-t01", "trap",
     [("customer", "Hey, just checking, I'm on the Individual selling plan right? I pay per item sold, not "
                   "monthly?"),
      ("agent", "Hi Tom, that's correct. Your account is on the Individual plan: $0.99 per item sold plus "
                "referral fees, no monthly subscription."),
      ("customer", "cool thx")],
     [("customer", "Sales are picking up, about 35 units a month now. Would it save me anything to go "
                   "Professional? Not doing it yet, just want the math"),
      ("agent", "Good question, Tom. Professional is $39.99/month with no per-item fee. At 35 units you pay "
                "about $34.65 in per-item fees on Individual, so you're still slightly better off where you are. "
                "Break-even is roughly 40 units a month."),
      ("customer", "ok staying put then. thanks for running the numbers"),
      ("agent", "Anytime! No changes made to your plan.")],
     "Individual", "go Professional"),
    ("gig-t02", "trap",
     [("customer", "Hi, trying to get the EV badge on my profile. It's a Hyundai Ioniq, 2021, rego ZTR418, fully "
                   "electric"),
      ("agent", "Hi Sam, thanks. I've confirmed your 2021 Hyundai Ioniq Electric (ZTR418) and added the EV "
                "badge. Riders who choose Green trips can now be matched with you."),
      ("customer", "legend")],
     [("customer", "Quick one. Does the Green bonus carry over if I change cars down the track? Looking at maybe "
                   "a Tesla Model 3 sometime next year, depends on finance"),
      ("agent", "Hi Sam! Yes, as long as the replacement is fully electric and approved, the badge and the Green "
                "bonus carry over. Just upload the new vehicle's documents once you have it."),
      ("customer", "sweet, no rush then. the ioniq's still going strong")],
     "Hyundai Ioniq", "maybe a Tesla Model 3 sometime next year"),
    ("gig-t03", "trap",
     [("customer", "Good evening. I want to confirm my payout account. Co-operative Bank, acc ending 7702, name "
                   "Peter Kamau Njoroge"),
      ("agent", "Good evening Peter. Yes, your weekly payouts go to Co-operative Bank, account ending 7702, in "
                "the name Peter Kamau Njoroge."),
      ("customer", "Thank you")],
     [("customer", "My brother Joseph also rides with you. He moved his payouts to KCB and the money did not "
                   "come this week. Can you check for him? His rider ID is RK-55120"),
      ("agent", "Hi Peter, I understand you want to help, but for privacy I can only discuss a rider's account "
                "with that rider. Please ask Joseph to contact us from his own app."),
      ("customer", "Ok I will tell him. For me everything is fine, my money came"),
      ("agent", "Glad to hear it. Thanks Peter.")],
     "Co-operative Bank", "He moved his payouts to KCB"),
    ("gig-t04", "trap",
     [("customer", "hola, necesito cambiar la foto de mi carro, la que tienen es muy vieja. Nissan Versa gris, "
                   "placas MXK-412-B"),
      ("agent", "Hola Ricardo. Puedes subir la foto nueva desde Perfil > Vehículo. Tu Nissan Versa gris con "
                "placas MXK-412-B está activo y sin pendientes."),
      ("customer", "ya la subí"),
      ("agent", "Aprobada. Gracias.")],
     [("customer", "Mi Versa está en el taller mínimo 2 semanas, me chocaron. Rento un Chevrolet Aveo mientras, "
                   "placas NTB-227-A. Puedo manejar con ese?"),
      ("agent", "Hola Ricardo, lamento lo del choque. Sí, puedes usar un auto rentado temporalmente. Sube el "
                "contrato de renta y la póliza del Aveo y lo activamos como vehículo temporal por 30 días."),
      ("customer", "ya están arriba los dos"),
      ("agent", "Listo, el Chevrolet Aveo queda activo como vehículo temporal hasta el 20 de julio. Tu Nissan "
                "Versa sigue registrado como vehículo principal; cuando salga del taller solo vuelves a "
                "seleccionarlo.")],
     "Nissan Versa", "Chevrolet Aveo"),
    ("gig-t05", "trap",
     [("customer", "hi my zone is Dublin 8 but i keep getting offers from Tallaght which is miles away on a bike"),
      ("agent", "Hi Aoife, sorry about that. Your home zone is Dublin 8. Offers from further out can appear at "
                "peak times, so I've switched on the 'stay in my zone' preference; you'll only get Dublin 8 and "
                "neighbouring areas."),
      ("customer", "brill thanks")],
     [("customer", "Hey, the D4 hub asked me to cover there Sat and Sun only cos they're short. Do I need to "
                   "change anything or will it mess up my D8 stats"),
      ("agent", "Hi Aoife, thanks for helping out! I've added a temporary zone override for Dublin 4 for this "
                "Saturday and Sunday. On Monday it reverts automatically to Dublin 8, and your stats won't be "
                "affected."),
      ("customer", "perfect")],
     "Dublin 8", "Dublin 4 for this Saturday and Sunday"),
    ("gig-t06", "trap",
     [("customer", "Good afternoon. My shop name Mama Tola Fabrics is not showing in search when people type "
                   "'ankara'. Please help"),
      ("agent", "Good afternoon Tolani. Mama Tola Fabrics is live, but your listings had no category tags. I've "
                "added 'Ankara' and 'Aso-oke' tags to your 24 products; search should pick them up within a few "
                "hours."),
      ("customer", "Thank you ma")],
     [("customer", "I want to change the shop name to Tola Luxe Textiles. I submitted it two days ago, still "
                   "pending"),
      ("agent", "Hi Tolani. Shop name changes must match your CAC registration. The certificate you uploaded "
                "still shows Mama Tola Fabrics, so the request was declined."),
      ("customer", "Ah. The new registration is not ready yet"),
      ("agent", "Understood. Once CAC issues the new certificate, submit the name change again with it and we'll "
                "approve it. Until then your shop stays as Mama Tola Fabrics."),
      ("customer", "ok")],
     "Mama Tola Fabrics", "Tola Luxe Textiles"),
    ("gig-t07", "trap",
     [("customer", "Hello, payout for week 22 not arrived. Account mBank, IBAN ends 4419"),
      ("agent", "Hi Paweł, the week 22 payout was sent on Tuesday to your mBank account ending 4419. Domestic "
                "transfers can take up to 2 business days, so it should land today."),
      ("customer", "Now it is there. OK")],
     [("agent", "Hi Paweł, a payout to your account was returned by the bank on Friday. Before we resend it: "
                "have your bank details changed recently?"),
      ("customer", "No, same mBank, same account, nothing changed. Maybe their problem"),
      ("agent", "Thanks for confirming. The bank reported a temporary error on their side. I've resent the "
                "payout to your mBank account ending 4419; expect it by Wednesday."),
      ("customer", "ok thank you")],
     "mBank", "nothing changed"),
    ("gig-t08", "trap",
     [("customer", "Good morning, my listing's map pin is off by a few blocks. Correct address is Unit 12B, "
                   "Azure Urban Residences, Dr. A. Santos Ave, Parañaque City"),
      ("agent", "Good morning Carla! Thanks for the exact address. I've moved the pin to Azure Urban Residences, "
                "Unit 12B, Parañaque. Guests will see the corrected location right away."),
      ("customer", "Thanks!!")],
     [("customer", "Hi, a guest says the address on his booking looks different from my house rules. Just to be "
                   "clear it's the same place, the 12B unit in the Azure condo along Santos Ave, I haven't "
                   "moved. The house rules just use the building's nickname"),
      ("agent", "Hi Carla, thanks for clarifying. Your listing address is unchanged: Unit 12B, Azure Urban "
                "Residences, Parañaque. I'll message the guest to confirm it's the same property."),
      ("customer", "Salamat")],
     "Azure Urban Residences", "the 12B unit in the Azure condo"),
    ("gig-t09", "trap",
     [("customer", "Hi, uploaded my insurance docs for the electrician profile - Hiscox, public liability £2m. "
                   "Been waiting 3 days for approval"),
      ("agent", "Hi Gareth, apologies for the wait. Your Hiscox policy is now approved and the 'Insured' badge "
                "is showing on your profile."),
      ("customer", "Ta")],
     [("customer", "Customer's kicking off about a scorched socket, threatening a claim. Do you need my "
                   "insurance info? Heads up the job was back in 2024 so back then I was with AXA, not the "
                   "current lot"),
      ("agent", "Hi Gareth, thanks for flagging it. For a 2024 job the claim would go to whoever insured you at "
                "the time, so AXA. Nothing needs changing on your profile; the cover we hold for you now stays "
                "as it is."),
      ("customer", "ok cheers")],
     "Hiscox", "back then I was with AXA"),
    ("gig-t10", "trap",
     [("customer", "Hello, can you confirm what commission we're paying? Taqueria El Sol, Houston. I think we're "
                   "on the basic one"),
      ("agent", "Hi Maria, yes, Taqueria El Sol is on the Basic plan: 15% commission on delivery orders, "
                "standard delivery radius, no featured placement."),
      ("customer", "ok that's what I thought, thanks")],
     [("customer", "Our orders dropped this month, anything we can do?"),
      ("agent", "Hi Maria, sorry to hear that. One option is upgrading to Plus: 25% commission, but a wider "
                "delivery radius and featured placement. Restaurants nearby typically see 20-30% more orders. "
                "Want me to switch you?"),
      ("customer", "No thanks, 25% eats our whole margin. Can we do a weekend promo instead?"),
      ("agent", "Of course. You'll stay on Basic, and I've set up 10% off orders over $25 for this Saturday and "
                "Sunday.")],
     "Basic plan", "upgrading to Plus"),
    ("gig-t11", "trap",
     [("customer", "Hi, I'm a freelance translator (PL/EN/DE). Your invoices to my clients add 23% VAT but I'm "
                   "VAT-exempt under art. 113, turnover under 200k zł. Please fix"),
      ("agent", "Hi Katarzyna, thank you. I've updated your tax profile to VAT-exempt (art. 113). Invoices "
                "generated from now on will not include VAT."),
      ("customer", "Great thanks")],
     [("customer", "If I registered as an active VAT payer, would I have to change anything here or would the "
                   "platform pick it up? My accountant is suggesting it but I'm not sure yet"),
      ("agent", "Hi Katarzyna, it isn't detected automatically. If you register, you'd update your tax profile "
                "with the new status and invoices would then include 23%. Until you tell us otherwise, your "
                "profile stays as it is."),
      ("customer", "ok, I'll think about it")],
     "VAT-exempt", "If I registered as an active VAT payer"),
    ("gig-t12", "trap",
     [("customer", "sir my number registered is 98450 31276, OTP is not coming for login"),
      ("agent", "Hello Suresh, 98450 31276 is correct on your account. There was a delay with the SMS provider "
                "in Karnataka this morning. Please try again now."),
      ("customer", "came now. thank you sir")],
     [("customer", "I want to change my number to new Jio number 70220 58814"),
      ("agent", "Hello Suresh. To change the number we send an OTP to the new number and also verify your DL. I "
                "have sent the OTP to 70220 58814."),
      ("customer", "not received. Jio sim is not activated yet, it will take 1 day"),
      ("agent", "No problem. The change can't be completed until the OTP is verified, so your registered number "
                "stays as it is for now. Please raise the request again once the new SIM is active."),
      ("customer", "ok will do tomorrow")],
     "98450 31276", "70220 58814"),
]

ONE_OFFS = [
    # (scope_id, turns): a request handled there and then that leaves nothing worth remembering
    ("gig-o01",
     [("customer", "customer said she tipped £4 in app on my 9.40pm drop last night, not showing in earnings. "
                   "order ends 7731"),
      ("agent", "Hi, thanks for the details. The £4 tip on order ...7731 was stuck in a pending state. I've "
                "released it and it'll be added to this week's payout."),
      ("customer", "nice one")]),
    ("gig-o02",
     [("customer", "Order 4410923 customer complained biryani missing and you refunded him full ₹640 and "
                   "deducted from us. But biryani was packed, we have photo"),
      ("agent", "Hello, thank you for sharing. I've reviewed the packing photo and the rider's pickup "
                "confirmation. Since the order was handed over sealed, the deduction is reversed and ₹640 will "
                "be credited in your next settlement."),
      ("customer", "ok thanks. please check properly next time"),
      ("agent", "Noted, and apologies for the inconvenience.")]),
    ("gig-o03",
     [("customer", "app keeps closing when I open earnings tab since this morning"),
      ("agent", "Hello, sorry about that. It's a known issue with today's version 8.14.2. A fix (8.14.3) has "
                "just been released, please update from the Play Store."),
      ("customer", "updated. its opening now"),
      ("agent", "Great, thanks for your patience.")]),
    ("gig-o04",
     [("customer", "How do I block out the week of 14 July? Family's coming to stay."),
      ("agent", "Hi! Open Calendar, tap 14 July, drag to 20 July, then choose 'Block nights'. Guests won't be "
                "able to book those dates."),
      ("customer", "Found it. Done, thanks")]),
    ("gig-o05",
     [("customer", "¿Dónde descargo la factura de comisiones de mayo? la pide mi contador"),
      ("agent", "Hola. En Ventas > Facturación > Facturas de comisiones, elige mayo 2026 y pulsa Descargar XML y "
                "PDF."),
      ("customer", "listo, ya la tengo"),
      ("agent", "Perfecto, cualquier otra duda aquí estamos.")]),
]

START = datetime(2026, 6, 1, 8, tzinfo=UTC)
SECOND = timedelta(days=33)

FAILS_TODAY: dict[str, str] = {
    "gig-c02": "no fact holds 'M-Pesa'; stored: customer is on the Equity Bank account (active); customer banks "
               "with Equity Bank, account 0180294733512, name Brian Otieno Ouma (active)",
    "gig-c03": "no fact holds 'Clew Bay Stays'; stored: customer's name is Wild Atlantic Cottages Ltd (active)",
    "gig-c04": "no fact holds 'Koramangala'; stored: customer lives at 27th Main, Sector 2, HSR Layout, Bengaluru "
               "560102 (active)",
    "gig-c06": "no fact holds 'Polanco'; stored: nothing",
    "gig-c08": "no fact holds 'QBE'; stored: nothing",
    "gig-c10": "no fact holds 'Tecno Spark 10'; stored: customer's app is very slow (active); customer has a phone "
               "(active); customer has a their Samsung Galaxy A15 (tentative)",
    "gig-c11": "no fact holds 'not VAT registered'; stored: nothing",
    "gig-c12": "no fact holds '7am to 3pm'; stored: customer's hours is 7 (active)",
    "gig-t03": "no fact holds 'Co-operative Bank'; stored: customer's brother is Joseph (active)",
    "gig-t04": "no fact holds 'Nissan Versa'; stored: nothing",
    "gig-t06": "no fact holds 'Mama Tola Fabrics'; stored: nothing",
}

ARCHIVE = CaseArchive(tenant="blind-partners", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
