/**
 * An S3-compatible server (the npm s3rver) in a process of its own, for tests that measure the
 * memory of their own process or share one bucket between server processes (testing/s3rver.ts).
 */
import S3rver from 's3rver';

const [directory = '', bucket = 'baibao'] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ msg: 's3rver-ready', port })}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
