"""tasks/consolidate"""
