// An uncaught exception deep in a call chain.
function parsePort(text) {
  const port = Number(text);
  if (!Number.isInteger(port)) throw new TypeError(`not a port: ${text}`);
  return port;
}

const config = { http: '8080', admin: '80a' };
const ports = Object.fromEntries(Object.entries(config).map(([k, v]) => [k, parsePort(v)]));
console.log(ports);
