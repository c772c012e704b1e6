// The child half of a warm fixture (src/warm-fixtures.ts), started as
// `node -r swc-register warm-boot.js <script> <preload...>`: it loads the preload modules at once
// (most of a fixture's second of start-up) and then waits for its arguments on stdin, one JSON
// array, so a test takes a process whose modules are loaded and only runs the script. Stdin
// closed with nothing written means the pool let it go unused.
const [script, ...preload] = process.argv.slice(2);
for (const name of preload) {
  require(name);
}
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  input += chunk;
});
process.stdin.on('end', () => {
  if (input.trim() === '') {
    process.exit(0);
  }
  process.argv = [process.argv[0], script, ...JSON.parse(input)];
  require(script);
});
