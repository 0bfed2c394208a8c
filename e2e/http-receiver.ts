// A local HTTP receiver for alert webhooks (the e2e server allows private targets): it answers 204 and
// keeps every request it got, in order.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Delivery {
  /** When it arrived (this process's clock). */
  at: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  deliveries: Delivery[];
  close(): Promise<void>;
}

export async function httpReceiver(pathname = "/dsbot"): Promise<Receiver> {
  const deliveries: Delivery[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      deliveries.push({ at: Date.now(), headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${pathname}`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
