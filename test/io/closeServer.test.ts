// closeServer over real sockets on 127.0.0.1: it resolves with a socket still open that never
// sent a request (a browser's preconnect) and one kept alive after its answer.
import {createServer} from "node:http";
import {connect, type AddressInfo, type Socket} from "node:net";
import {describe, expect, it} from "vitest";
import {closeServer} from "../../src/io/closeServer.js";

const closed = (socket: Socket) => new Promise<void>((ok) => socket.once("close", () => ok()));

describe("closeServer(server)", () => {
  it("ends a preconnected socket and an idle kept-alive one, and resolves once the server is closed", async () => {
    const server = createServer((_req, res) => res.end("ok"));
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    const {port} = server.address() as AddressInfo;
    const ahead = connect(port, "127.0.0.1");
    await new Promise<void>((ok) => ahead.once("connect", () => ok()));
    const kept = connect(port, "127.0.0.1");
    const answered = new Promise<string>((ok) => kept.once("data", (d: Buffer) => ok(d.toString("latin1"))));
    kept.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
    expect((await answered).split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
    await Promise.all([closeServer(server), closed(ahead), closed(kept)]);
    expect(server.listening).toBe(false);
  });
});
