"""tasks/recall"""
