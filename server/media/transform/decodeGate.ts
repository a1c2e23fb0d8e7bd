/** The decode can never fit this process's decode share: the caller never decodes it here. */
export class DecodeTooLarge extends Error {
  constructor(
    readonly bytes: number,
    readonly capacity: number,
  ) {
    super(
      `decoding it would take about ${Math.ceil(bytes / 2 ** 20)} MB, more than the ${capacity / 2 ** 20} MB share`,
    );
    this.name = 'DecodeTooLarge';
  }
}

export interface DecodeGateStats {
  capacityBytes: number;
  /** Estimated bytes of the decodes running now. */
  admittedBytes: number;
  /** The most ever admitted at once: never above the capacity. */
  peakAdmittedBytes: number;
  running: number;
  waiting: number;
  /** Decodes that had to wait for memory, and decodes refused as larger than the share, since start. */
  waited: number;
  refused: number;
}

/**
 * The one gate every decode passes (shopper variants, the background AVIF, heavy originals in a decode
 * process): each comes with the memory it will hold at its peak, estimated from the original's header
 * (server/media/transform/decodeCost.ts), and runs only while the estimates of all running decodes fit the decode
 * share of MEMORY_BUDGET_MB. The rest wait in order of arrival (none overtakes a larger one waiting, so a
 * heavy original is never starved by small ones); one larger than the whole share is refused at once.
 * It decides nothing about who goes next among clients: the transform queue in front of it does.
 */
export class DecodeGate {
  private admitted = 0;
  private peak = 0;
  private running = 0;
  private waited = 0;
  private refused = 0;
  private readonly waiting: { bytes: number; start: () => void }[] = [];

  constructor(
    readonly capacityBytes: number,
    private readonly on: { waited?: () => void } = {},
  ) {}

  /** Whether a decode of `bytes` could ever run here. */
  fits(bytes: number): boolean {
    return bytes <= this.capacityBytes;
  }

  /** Runs `decode` once `bytes` fit beside the decodes running; throws DecodeTooLarge if they never can. */
  async run<T>(bytes: number, decode: () => Promise<T>): Promise<T> {
    const need = Math.max(0, Math.ceil(bytes));
    if (!this.fits(need)) {
      this.refused++;
      throw new DecodeTooLarge(need, this.capacityBytes);
    }
    if (this.waiting.length > 0 || this.admitted + need > this.capacityBytes) {
      this.waited++;
      this.on.waited?.();
      await new Promise<void>((start) => this.waiting.push({ bytes: need, start }));
    } else this.take(need);
    try {
      return await decode();
    } finally {
      this.admitted -= need;
      this.running--;
      this.admitNext();
    }
  }

  private take(bytes: number): void {
    this.admitted += bytes;
    this.running++;
    this.peak = Math.max(this.peak, this.admitted);
  }

  private admitNext(): void {
    while (this.waiting.length > 0 && this.admitted + this.waiting[0]!.bytes <= this.capacityBytes) {
      const next = this.waiting.shift()!;
      this.take(next.bytes);
      next.start();
    }
  }

  get stats(): DecodeGateStats {
    return {
      capacityBytes: this.capacityBytes,
      admittedBytes: this.admitted,
      peakAdmittedBytes: this.peak,
      running: this.running,
      waiting: this.waiting.length,
      waited: this.waited,
      refused: this.refused,
    };
  }
}
