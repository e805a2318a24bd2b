"""tasks/writepath"""
