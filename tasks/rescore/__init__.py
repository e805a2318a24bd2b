"""tasks/rescore"""
