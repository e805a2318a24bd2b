"""Model providers and the transport they share: errors, the one retry layer, the shared rate limiter, prices.

Each provider module is small and speaks one wire format; the decision client
(`archivist.tasks.decisions.client`) wraps every call in cache -> limiter -> retry -> ledger.
"""
