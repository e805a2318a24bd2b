"""The embedded local decision model: answers every question the product asks, offline.

Trained heads (numpy logistic regression over text features) answer relation, relation_alt,
temporal_status, worth_remembering and relevance; transparent cue rules answer the rest.
"""

from archivist.tasks.decisions.local.provider import LocalDecisionProvider

__all__ = ["LocalDecisionProvider"]
