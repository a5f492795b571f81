"""The rules checker: findings, the simulation harness, reports."""
