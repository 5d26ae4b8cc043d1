/**
 * Records a turn's process trace as it runs: each stage with its duration, notes, the model,
 * time to first token and tokens per second.
 */
import type { ModelRef } from '../ports';
import type { Generation } from './generate';
import type { StageTiming, TurnTrace } from '../answer-types';

export class TraceRecorder {
  private readonly stages: StageTiming[] = [];
  private readonly notes: string[] = [];
  private readonly started = performance.now();
  private modelRef: ModelRef | null = null;
  private ttft: number | null = null;
  private tokens = 0;
  private streamMs = 0;

  async time<T>(stage: string, fn: () => Promise<T> | T): Promise<T> {
    const t = performance.now();
    try {
      return await fn();
    } finally {
      this.stages.push({ stage, ms: performance.now() - t });
    }
  }

  note(text: string): void {
    this.notes.push(text);
  }

  usedModel(model: ModelRef): void {
    this.modelRef = model;
  }

  generated(g: Generation): void {
    this.ttft = g.timeToFirstTokenMs;
    this.tokens = g.tokens;
    this.streamMs = g.streamMs;
  }

  finish(): TurnTrace {
    return {
      stages: [...this.stages],
      totalMs: performance.now() - this.started,
      model: this.modelRef,
      timeToFirstTokenMs: this.ttft,
      tokens: this.tokens,
      // Over the streaming time after the first token (prompt processing is the time to first token).
      tokensPerSecond: this.tokens > 1 && this.streamMs > 0 ? ((this.tokens - 1) * 1000) / this.streamMs : null,
      notes: [...this.notes],
    };
  }
}
