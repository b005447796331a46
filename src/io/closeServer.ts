// Stopping a node:http server for good. server.close() alone waits on every open socket, and a
// browser's preconnected one (opened ahead, no request yet) is held until Node's 60 s headers
// timeout; an idle keep-alive one until its own timeout.
import type {Server} from "node:http";

/** Stops accepting, closes every connection (idle keep-alive and preconnected ones too) and resolves when closed. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
