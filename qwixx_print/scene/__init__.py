"""The sheet's looks without a painter: colours and tints (:mod:`.palette`), the symbol
outlines and where marks sit (:mod:`.shapes`), text metrics and fitting from the shipped
DejaVu files (:mod:`.fonts`). The PDF (``qwixx_print.draw``, reportlab) and the phone's SVG
(``qwixx_print.web``) both paint from these, so a look is decided once. Imports neither
reportlab nor Flask (a test proves it)."""
