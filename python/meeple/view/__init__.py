"""The local browser viewer and player: ``meeple view [RECORD]``.

A small standard-library HTTP server on 127.0.0.1 serves one page (static assets shipped in this
package, no build step) and a JSON API; the pictures are the SVGs of ``meeple.render``.
"""

from meeple.view.server import Session, make_server, serve

__all__ = ["Session", "make_server", "serve"]
