/**
 * Reading a picked model folder (import-folder.ts): one reader behind the embedder/reranker
 * import and the text-generation import, so both name a missing file or a broken config alike.
 */
import { describe, expect, it } from 'vitest';
import { analyzeGeneratorFolder } from '../../../src/models/chat/generators';
import { analyzeFolder, readModelFolder, type PickedFile } from '../../../src/models/import-folder';

const file = (path: string, text: string): PickedFile => ({ path, blob: new Blob([text]) });
const folder = (architectures: readonly string[], prefix = 'my-model/', config?: string): PickedFile[] => [
  file(`${prefix}config.json`, config ?? JSON.stringify({ architectures, hidden_size: 8 })),
  file(`${prefix}tokenizer.json`, '{}'),
  file(`${prefix}tokenizer_config.json`, '{}'),
  file(`${prefix}onnx/model_quantized.onnx`, 'onnx'),
];

describe('readModelFolder', () => {
  it('strips the one top folder, which names the model, and reads the config', async () => {
    const read = await readModelFolder(folder(['BertModel']));
    expect(read.name).toBe('my-model');
    expect([...read.files.keys()].sort()).toEqual(['config.json', 'onnx/model_quantized.onnx', 'tokenizer.json', 'tokenizer_config.json']);
    expect(read.architectures).toEqual(['BertModel']);
    expect(read.config['hidden_size']).toBe(8);
    // Files at the top: the given name.
    expect((await readModelFolder(folder([], ''), 'picked')).name).toBe('picked');
  });

  it('fails the same way for every kind of model', async () => {
    const missing = folder(['BertModel']).filter((f) => !f.path.endsWith('tokenizer.json'));
    const broken = folder([], 'my-model/', '{not json');
    for (const analyze of [(p: PickedFile[]) => analyzeFolder(p), (p: PickedFile[]) => analyzeGeneratorFolder(p)]) {
      await expect(analyze(missing)).rejects.toMatchObject({ message: 'models: the folder "my-model" is not a model folder (missing tokenizer.json)', details: { missing: ['tokenizer.json'] } });
      await expect(analyze(broken)).rejects.toThrow('models: "my-model/config.json" is not valid JSON');
    }
  });

  it('lets each import judge the architecture', async () => {
    expect((await analyzeFolder(folder(['BertModel']))).role).toBe('embedder');
    expect((await analyzeFolder(folder(['XLMRobertaForSequenceClassification']))).role).toBe('reranker');
    expect((await analyzeGeneratorFolder(folder(['Qwen2ForCausalLM']))).spec.id).toBe('local/my-model');
    await expect(analyzeGeneratorFolder(folder(['BertModel']))).rejects.toThrow('"my-model" is a BertModel, not a text-generation model');
  });
});
