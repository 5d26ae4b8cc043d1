/**
 * The Retriever port in-process: the retrieval pipeline over a SearchEngine in this thread.
 * Node tests and `npm run eval` use it; the app reaches the same pipeline in the index worker
 * through its IndexClient. Same interface, same defaults, so the evaluation measures what the
 * app runs.
 */
import type { JobOptions, Retriever, SearchRequest } from '../ports';
import { DEFAULT_PIPELINE, runPipeline, type PipelineDeps } from './pipeline';
import type { PipelineResponse, PipelineSettings } from '../search-types';

export class InProcessRetriever implements Retriever {
  constructor(
    private readonly deps: PipelineDeps,
    /** The settings a request without its own runs with (the workspace's, in the app). */
    private readonly defaults: PipelineSettings = DEFAULT_PIPELINE,
  ) {}

  search(request: SearchRequest, options: JobOptions = {}): Promise<PipelineResponse> {
    return runPipeline(
      {
        text: request.text,
        filters: request.filters ?? {},
        settings: request.settings ?? this.defaults,
        ...(request.language !== undefined ? { language: request.language } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      },
      this.deps,
    );
  }
}
