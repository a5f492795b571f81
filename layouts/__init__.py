"""The layouts cutsheet ships, with paper presets and icons: package data (see generator/shipped)."""
