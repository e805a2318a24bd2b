"""tasks/plans"""
