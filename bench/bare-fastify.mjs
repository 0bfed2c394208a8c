// The baseline of the bench: a bare Fastify route answering a small JSON body, no logging.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/ping", async () => ({ user: { id: 1, username: "admin" } }));
await app.listen({ port: Number(process.env.BENCH_PORT ?? 3591), host: "127.0.0.1" });
