"""Exports for print shops, Tabletop Simulator and cutting machines: `cutsheet export`."""
