/**
 * Server-Sent Events from byte chunks, as the WHATWG event-stream rules read them: UTF-8 decoded
 * across chunk boundaries (a character split between two network reads comes out whole), events
 * ended by a blank line after LF, CRLF or CR, `data:` lines joined with "\n", comments and other
 * fields ignored. Used by the chat proxy on the upstream's answer and by the page on ours.
 */
export class SseEventReader {
  private readonly decoder = new TextDecoder('utf-8');
  private buffer = '';
  private data: string[] = [];

  /** The `data` of every event a chunk completes; pass nothing at the end of the stream. */
  push(chunk?: Uint8Array): string[] {
    this.buffer += chunk ? this.decoder.decode(chunk, { stream: true }) : this.decoder.decode();
    const events: string[] = [];
    for (;;) {
      const end = /\r\n|\r|\n/.exec(this.buffer);
      // A lone CR at the end may be the first half of a CRLF still on its way.
      if (!end || (end[0] === '\r' && end.index === this.buffer.length - 1 && chunk)) break;
      const line = this.buffer.slice(0, end.index);
      this.buffer = this.buffer.slice(end.index + end[0].length);
      if (line === '') {
        if (this.data.length > 0) events.push(this.data.join('\n'));
        this.data = [];
      } else if (line.startsWith('data:')) {
        this.data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      } else if (line === 'data') {
        this.data.push('');
      }
    }
    return events;
  }
}
