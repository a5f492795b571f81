"""The five games cutsheet ships: package data (see generator/shipped)."""
