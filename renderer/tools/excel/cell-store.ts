import type { CellStyle, CellView } from './model';

/**
 * The windows of cells the grid has fetched, by block, for one state of one sheet. When the
 * workbook changes (a new version) the previous state's blocks stay readable as a fallback until
 * the new ones arrive, so an edit never flashes blank cells.
 */
export class CellStore {
  private key = '';
  private blocks = new Map<string, CellView[]>();
  private stale = new Map<string, CellView[]>();
  private readonly pending = new Set<string>();
  readonly styles = new Map<number, CellStyle>();

  /** Switches to `key` (`sheet:version`); the old blocks stay as fallback only within the same sheet. */
  use(key: string): void {
    if (key === this.key) return;
    const sameSheet = this.key.split(':')[0] === key.split(':')[0];
    this.stale = sameSheet ? this.blocks : new Map();
    this.blocks = new Map();
    this.pending.clear();
    this.key = key;
  }

  get current(): string {
    return this.key;
  }

  /** Whether the block must be fetched now (marks it pending). */
  claim(block: string): boolean {
    if (this.blocks.has(block) || this.pending.has(block)) return false;
    this.pending.add(block);
    return true;
  }

  /** Stores a fetched block; false when it belongs to a state the grid has left. */
  fill(key: string, block: string, cells: CellView[], styles: Record<number, CellStyle>): boolean {
    for (const [id, style] of Object.entries(styles)) this.styles.set(Number(id), style);
    if (key !== this.key) return false;
    this.blocks.set(block, cells);
    this.pending.delete(block);
    return true;
  }

  release(key: string, block: string): void {
    if (key === this.key) this.pending.delete(block);
  }

  get(block: string): CellView[] | undefined {
    return this.blocks.get(block) ?? this.stale.get(block);
  }
}
