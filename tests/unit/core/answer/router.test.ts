import { describe, expect, it } from 'vitest';
import { routeFastPath } from '../../../../src/core/answer/router';

describe('the fast-path router', () => {
  it.each([
    ['hi', 'en'],
    ['Hello!', 'en'],
    ['Good morning, Casefile', 'en'],
    ['Bonjour !', 'fr'],
    ['Guten Tag', 'de'],
    ['¡Hola!', 'es'],
    ['Buongiorno', 'it'],
    ['Goedemorgen', 'nl'],
    ['Olá', 'pt'],
  ])('greets back at %s (%s)', (message, language) => {
    expect(routeFastPath(message)).toEqual({ fastPath: 'greeting', language });
  });

  it.each([
    ['Thanks!', 'en'],
    ['thank you very much', 'en'],
    ['Merci beaucoup', 'fr'],
    ['Vielen Dank!', 'de'],
    ['Muchas gracias', 'es'],
    ['Grazie mille', 'it'],
    ['Dank je wel', 'nl'],
    ['Obrigada', 'pt'],
  ])('answers thanks: %s (%s)', (message, language) => {
    expect(routeFastPath(message)).toEqual({ fastPath: 'thanks', language });
  });

  it.each([
    ['What can you do?', 'en'],
    ['Which model is answering?', 'en'],
    ["Qu'est-ce que tu peux faire ?", 'fr'],
    ['Was kannst du?', 'de'],
    ['¿Qué puedes hacer?', 'es'],
    ['Cosa sai fare?', 'it'],
    ['Wat kun je doen?', 'nl'],
    ['O que você pode fazer?', 'pt'],
  ])('answers capability questions: %s (%s)', (message, language) => {
    expect(routeFastPath(message)).toEqual({ fastPath: 'capability', language });
  });

  it('treats empty input (or only punctuation) as empty', () => {
    for (const m of ['', '   ', '?!', '\n…\n']) expect(routeFastPath(m)?.fastPath).toBe('empty');
  });

  it('lets the UI language settle a phrase several languages share', () => {
    expect(routeFastPath('Hallo', 'nl')).toEqual({ fastPath: 'greeting', language: 'nl' });
    expect(routeFastPath('Hallo', 'de')).toEqual({ fastPath: 'greeting', language: 'de' });
    expect(routeFastPath('help', 'nl')).toEqual({ fastPath: 'capability', language: 'nl' });
  });

  it('never takes a question for a greeting', () => {
    for (const q of ['hi, what is the governing law?', 'Hello, which court has jurisdiction?', 'thanks, and the renewal term?', 'what can the supplier do if the customer does not pay?', 'Merci, et la durée du contrat ?']) {
      expect(routeFastPath(q), q).toBeNull();
    }
  });
});
