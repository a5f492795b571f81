"""Layout: text fitting with real font metrics, and elements turned into Scenes."""
