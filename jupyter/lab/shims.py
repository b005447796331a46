"""Two endpoints of jupyter_server 2.x that JupyterLab 4 calls and Debian's jupyter_server 1.23
lacks, answered as a 2.x server answers a token-authenticated user, so the harness's page has no
404s that a hub's would not have. Everything else is jupyter_server 1.x's own.

- GET /api/me: the identity (2.x: jupyter_server/services/api/handlers.py IdentityHandler).
- /api/events/subscribe: the event bus's WebSocket, accepted and silent (1.x emits no events).
"""

from jupyter_server.base.handlers import APIHandler, JupyterHandler
from tornado import web, websocket


class IdentityHandler(APIHandler):
    """The user of a token-only server: jupyter_server 2.x's anonymous identity, no permissions."""

    @web.authenticated
    def get(self):
        name = "Anonymous"
        self.finish(
            {
                "identity": {"username": name, "name": name, "display_name": name, "initials": "A", "avatar_url": None, "color": None},
                "permissions": {},
            }
        )


class EventsHandler(JupyterHandler, websocket.WebSocketHandler):
    """The event bus's socket: opened for an authenticated user, never sends."""

    async def get(self, *args, **kwargs):
        if self.current_user is None:
            raise web.HTTPError(403)
        return await super().get(*args, **kwargs)

    def on_message(self, message):
        """Clients only subscribe; nothing to answer."""


HANDLERS = [(r"/api/me", IdentityHandler), (r"/api/events/subscribe", EventsHandler)]
