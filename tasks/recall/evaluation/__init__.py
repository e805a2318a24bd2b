"""tasks/recall/evaluation"""
