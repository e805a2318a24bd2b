"""Typed questions, the decision-model interface, and the client every stage asks through."""
