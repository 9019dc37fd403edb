// A small HTTP server to attach to: node --inspect=9229 server.js [port]
const http = require('node:http');

const hits = new Map();

function handle(path) {
  const count = (hits.get(path) ?? 0) + 1;
  hits.set(path, count);
  return { path, count };
}

const server = http.createServer((req, res) => {
  const body = handle(req.url);
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
});

const port = Number(process.argv[2] ?? 8080);
server.listen(port, '127.0.0.1', () => console.log(`listening on ${port}`));
