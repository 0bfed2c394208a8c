// Asks the API one request after the other, from a process of its own, and prints each answer's time
// to its last byte (JSON on stdout). The benches that start it hold a generated world and a hundred
// sockets: their own garbage collection ran every 600 ms there and lay inside the times they measured,
// not the server's. With `health`, /api/health is asked every 10 ms meanwhile (its slowest answer shows
// whether anything held the server's event loop or its database).
// Input (argv[2], JSON): { base, token, count, warmup, health?, requests: [{ label, method?, url, body? }] }.
// Output: { results: [{ label, times (ms, sorted), last (the last answer) }], health: ms[] (sorted), healthErrors }.
import http from "node:http";

const input = JSON.parse(process.argv[2] ?? "{}");
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const healthAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function ask(method, url, body, token, via = agent) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { "content-type": "application/json" } : {}) };
    const started = performance.now();
    const request = http.request(`${input.base}${url}`, { method, agent: via, headers }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode, ms: performance.now() - started, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(payload);
  });
}

const health = [];
let healthErrors = 0;
let probing = Boolean(input.health);
const prober = (async () => {
  while (probing) {
    // A reused keep-alive socket the server closed at that moment: counted, and asked again.
    await ask("GET", "/api/health", undefined, undefined, healthAgent).then((answer) => health.push(answer.ms), () => (healthErrors += 1));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
})();

const results = [];
for (const { label, method = "GET", url, body } of input.requests) {
  const times = [];
  let last;
  for (let i = 0; i < input.warmup + input.count; i++) {
    const answer = await ask(method, url, body, input.token);
    if (answer.status !== 200) throw new Error(`${label}: ${answer.status} ${answer.body.toString()}`);
    if (i >= input.warmup) times.push(answer.ms);
    last = answer.body;
  }
  results.push({ label, times: times.sort((a, b) => a - b), last: JSON.parse(last.toString()) });
}
probing = false;
await prober;
agent.destroy();
healthAgent.destroy();
process.stdout.write(JSON.stringify({ results, health: health.sort((a, b) => a - b), healthErrors }));
