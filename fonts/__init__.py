"""The fonts cutsheet ships, with their licence: package data (see generator/shipped)."""
