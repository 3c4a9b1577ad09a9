import { build } from 'esbuild';
import { expect, test } from '@playwright/test';
import type { createSHA256 } from 'hash-wasm';
import type * as receivedFiles from '../renderer/lib/received-files';
import type * as p2p from '../shared/p2p';
import type { createTransportPair } from '../shared/testing/p2p-transport-pair';
import type { dataChannelTransport } from '../renderer/lib/peer-link/transport';
import { chromiumArgs } from '../playwright.config';

/**
 * The P2P transfer engine with the page's real file plumbing, in Chromium: Files read through
 * Blob.slice, received files written into the private storage (OPFS) and into a "picked" folder
 * (an OPFS folder stands in for the picker's handle: the same FileSystemDirectoryHandle API), a
 * dropped link resumed, and a file saved out to the downloads. The link is the in-memory pair of
 * the unit tests; WebRTC is peer-link's part.
 */
async function bundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `
        import { createSHA256 } from 'hash-wasm';
        import { P2pReceiver, P2pSender, parseMessage, watchOffers } from './shared/p2p';
        import { createTransportPair } from './shared/testing/p2p-transport-pair';
        import * as receivedFiles from './renderer/lib/received-files';
        import { dataChannelTransport } from './renderer/lib/peer-link/transport';
        Object.assign(window, { p2p: { createSHA256, P2pReceiver, P2pSender, parseMessage, watchOffers, createTransportPair, dataChannelTransport, ...receivedFiles } });
      `,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
  });
  return result.outputFiles[0]!.text;
}

type Kit = typeof p2p &
  typeof receivedFiles & {
    createSHA256: typeof createSHA256;
    createTransportPair: typeof createTransportPair;
    dataChannelTransport: typeof dataChannelTransport;
  };

// Loopback WebRTC candidates (off in Chromium by default) for the test over real data channels.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH,
    args: [...chromiumArgs, '--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns'],
  },
});

test.beforeEach(async ({ page }) => {
  const script = await bundle();
  // Pages of our own, on the e2e server's origin (127.0.0.1 is a secure context, so OPFS works).
  await page.route('**/__p2p/index.html', (route) =>
    route.fulfill({ body: '<!doctype html><title>p2p</title>', contentType: 'text/html' }),
  );
  await page.route('**/__p2p/bundle.js', (route) => route.fulfill({ body: script, contentType: 'text/javascript' }));
  await page.goto('/__p2p/index.html');
  await page.addScriptTag({ url: '/__p2p/bundle.js' });
});

test('a folder arrives in the private storage with its structure, across a dropped link', async ({ page }) => {
  const result = await page.evaluate(async () => {
    const kit = (window as unknown as { p2p: Kit }).p2p;
    const random = (size: number) => {
      const bytes = new Uint8Array(size);
      for (let at = 0; at < size; at += 65536) crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65536)));
      return bytes;
    };
    const files = [
      ...Array.from({ length: 20 }, (_, i) => new File([random(500 + i * 1000)], `${i}.txt`)),
      new File([random(3 * 1024 * 1024 + 5)], 'big.bin'),
      new File([], 'empty.txt'),
    ];
    const paths = files.map((file, i) => (i < 10 ? `相册/raw/${file.name}` : `相册/${file.name}`));
    const sources = files.map((file, i) => kit.fileSource(file, paths[i]));
    const transferId = '00000000000000e2';
    await kit.clearPrivateStorage();
    const sink = await kit.privateStorageSink(transferId);

    let receiver: InstanceType<Kit['P2pReceiver']> | undefined;
    // Cut the link once big.bin has an acknowledged part on disk, so the resume starts mid-file.
    const first = kit.createTransportPair({
      onDeliver: (_from, data) => {
        if (receiver?.snapshot().files[20]!.bytes) queueMicrotask(() => first.drop());
        return data;
      },
    });
    kit.watchOffers(first.b, (offer) => {
      if (offer.kind === 'files')
        receiver = new kit.P2pReceiver({ transferId, transport: first.b, offer, sink, createHasher: kit.createSHA256 });
    });
    const sender = new kit.P2pSender({ transferId, transport: first.a, files: sources, createHasher: kit.createSHA256 });
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    await until(() => receiver?.snapshot().state === 'paused' && sender.snapshot().state === 'paused');
    const pausedAt = receiver!.snapshot().files[20]!.bytes;
    const again = kit.createTransportPair();
    receiver!.attach(again.b);
    sender.attach(again.a);
    const [sent, received] = await Promise.all([sender.finished, receiver!.finished]);

    const digest = async (blob: Blob) =>
      Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()))).join(',');
    let identical = 0;
    for (const [i, file] of files.entries()) {
      const back = await sink.getFile({ index: i, path: paths[i]!, size: file.size, lastModified: 0, mime: '' });
      if (back.size === file.size && (await digest(back)) === (await digest(file))) identical++;
    }
    const root = await (await (await navigator.storage.getDirectory()).getDirectoryHandle('p2p-received')).getDirectoryHandle(transferId);
    const album = await root.getDirectoryHandle('相册');
    const names = async (dir: FileSystemDirectoryHandle) => {
      const out: string[] = [];
      for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) out.push(name);
      return out.sort();
    };
    return {
      states: [sent.state, received.state],
      pausedAt,
      identical,
      top: await names(root),
      raw: (await names(await album.getDirectoryHandle('raw'))).length,
      album: (await names(album)).length,
    };
  });
  expect(result.states).toEqual(['done', 'done']);
  expect(result.pausedAt).toBeGreaterThan(0);
  expect(result.identical).toBe(22);
  expect(result.top).toEqual(['相册']);
  expect(result.raw).toBe(10);
  // 12 files and the raw folder.
  expect(result.album).toBe(13);
});

test('into a picked folder: an existing file is kept and a cancelled file removed', async ({ page }) => {
  const result = await page.evaluate(async () => {
    const kit = (window as unknown as { p2p: Kit }).p2p;
    const opfs = await navigator.storage.getDirectory();
    await opfs.removeEntry('picked', { recursive: true }).catch(() => undefined);
    const picked = await opfs.getDirectoryHandle('picked', { create: true });
    const existing = await (await picked.getFileHandle('a.txt', { create: true })).createWritable();
    await existing.write('mine');
    await existing.close();

    const run = async (files: File[], transferId: string, cancelAfterBytes?: number) => {
      const sink = kit.directorySink(picked);
      const pair = kit.createTransportPair();
      let receiver: InstanceType<Kit['P2pReceiver']> | undefined;
      kit.watchOffers(pair.b, (offer) => {
        if (offer.kind !== 'files') return;
        receiver = new kit.P2pReceiver({
          transferId,
          transport: pair.b,
          offer,
          sink,
          createHasher: kit.createSHA256,
          onUpdate: (snapshot) => {
            if (cancelAfterBytes !== undefined && snapshot.bytes >= cancelAfterBytes) receiver?.cancel();
          },
        });
      });
      const sender = new kit.P2pSender({
        transferId,
        transport: pair.a,
        files: files.map((file) => kit.fileSource(file)),
        createHasher: kit.createSHA256,
      });
      await sender.finished;
      while (!receiver) await new Promise((resolve) => setTimeout(resolve, 5));
      return { sink, received: await receiver.finished };
    };

    const kept = await run([new File(['theirs'], 'a.txt')], '00000000000000a1');
    const cancelled = await run([new File([new Uint8Array(5 * 1024 * 1024)], 'part.bin')], '00000000000000a2', 1);
    const names: string[] = [];
    for await (const name of (picked as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
    const text = async (name: string) => (await (await picked.getFileHandle(name)).getFile()).text();
    return {
      savedPath: kept.sink.savedPath({ index: 0, path: 'a.txt', size: 6, lastModified: 0, mime: '' }),
      mine: await text('a.txt'),
      theirs: await text('a (1).txt'),
      cancelled: [cancelled.received.state, cancelled.received.cancelledBy],
      names: names.sort(),
    };
  });
  expect(result).toEqual({
    savedPath: 'a (1).txt',
    mine: 'mine',
    theirs: 'theirs',
    cancelled: ['cancelled', 'me'],
    names: ['a (1).txt', 'a.txt'],
  });
});

test('saving a received file streams it from the private storage into a download', async ({ page }) => {
  const downloaded = page.waitForEvent('download');
  await page.evaluate(async () => {
    const kit = (window as unknown as { p2p: Kit }).p2p;
    const sink = await kit.privateStorageSink('00000000000000d1');
    const file = { index: 0, path: '文件夹/报告.txt', size: 5, lastModified: 0, mime: 'text/plain' };
    const open = await sink.open(file, { resumeAt: 0 });
    await open.write(new TextEncoder().encode('hello'));
    await open.close();
    await kit.saveReceivedFile(sink, file);
  });
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('报告.txt');
  const stream = await download.createReadStream();
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  expect(text).toBe('hello');
});

test('over real WebRTC data channels: 24 MB into the private storage, cut mid-way and resumed on a new link', async ({ page }) => {
  const result = await page.evaluate(async () => {
    const kit = (window as unknown as { p2p: Kit }).p2p;
    // Two peer connections in this page, signalled directly: a real SCTP data channel each way.
    const link = async () => {
      const [one, two] = [new RTCPeerConnection(), new RTCPeerConnection()];
      one.onicecandidate = (event) => void two.addIceCandidate(event.candidate ?? undefined);
      two.onicecandidate = (event) => void one.addIceCandidate(event.candidate ?? undefined);
      const channels = [one, two].map((pc) => pc.createDataChannel('transfer', { negotiated: true, id: 0, ordered: true }));
      await one.setLocalDescription();
      await two.setRemoteDescription(one.localDescription!);
      await two.setLocalDescription();
      await one.setRemoteDescription(two.localDescription!);
      await Promise.all(channels.map((channel) => new Promise((resolve) => channel.addEventListener('open', resolve, { once: true }))));
      return { a: kit.dataChannelTransport(channels[0]!), b: kit.dataChannelTransport(channels[1]!), peers: [one, two] };
    };
    const bytes = new Uint8Array(24 * 1024 * 1024 + 77);
    for (let at = 0; at < bytes.length; at += 65536) crypto.getRandomValues(bytes.subarray(at, Math.min(bytes.length, at + 65536)));
    const file = new File([bytes], 'video.mp4', { type: 'video/mp4' });
    const transferId = '00000000000000c7';
    const sink = await kit.privateStorageSink(transferId);

    const first = await link();
    let receiver: InstanceType<Kit['P2pReceiver']> | undefined;
    let cut = false;
    kit.watchOffers(first.b, (offer) => {
      if (offer.kind !== 'files') return;
      receiver = new kit.P2pReceiver({
        transferId,
        transport: first.b,
        offer,
        sink,
        createHasher: kit.createSHA256,
        onUpdate: (snapshot) => {
          if (!cut && snapshot.bytes >= 8 * 1024 * 1024) {
            cut = true;
            first.a.close();
          }
        },
      });
    });
    const sender = new kit.P2pSender({ transferId, transport: first.a, files: [kit.fileSource(file)], createHasher: kit.createSHA256 });
    while (receiver?.snapshot().state !== 'paused' || sender.snapshot().state !== 'paused')
      await new Promise((resolve) => setTimeout(resolve, 10));
    const pausedAt = receiver.snapshot().bytes;
    for (const pc of first.peers) pc.close();

    const second = await link();
    receiver.attach(second.b);
    sender.attach(second.a);
    const [sent, received] = await Promise.all([sender.finished, receiver.finished]);
    const digest = async (blob: Blob) =>
      Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()))).join(',');
    const back = await sink.getFile({ index: 0, path: 'video.mp4', size: file.size, lastModified: 0, mime: '' });
    for (const pc of second.peers) pc.close();
    return {
      states: [sent.state, received.state],
      pausedAt,
      identical: back.size === file.size && (await digest(back)) === (await digest(file)),
    };
  });
  expect(result.states).toEqual(['done', 'done']);
  expect(result.pausedAt).toBeGreaterThanOrEqual(8 * 1024 * 1024 - 1024 * 1024);
  expect(result.identical).toBe(true);
});
