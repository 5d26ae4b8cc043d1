import { describe, expect, it } from 'vitest';
import { questionParts } from '../../../../src/core/ask/question-parts';

describe('questionParts', () => {
  it('splits asks joined by "and" and a question word, or by a question mark', () => {
    expect(questionParts('how long does the plan b deal run and does it renew?')).toEqual(['how long does the plan b deal run', 'does it renew?']);
    expect(questionParts('Which law governs the supply agreement, and can it be assigned?')).toEqual(['Which law governs the supply agreement', 'can it be assigned?']);
    expect(questionParts('What is the term? Does it renew automatically?')).toEqual(['What is the term?', 'Does it renew automatically?']);
    expect(questionParts('who are the parties and when was it signed?')).toEqual(['who are the parties', 'when was it signed?']);
  });

  it('splits French and German questions', () => {
    expect(questionParts('Quelle est la durée du contrat et est-ce qu’il se renouvelle ?')).toEqual(['Quelle est la durée du contrat', 'est-ce qu’il se renouvelle ?']);
    expect(questionParts('Wie lange läuft der Vertrag und verlängert er sich automatisch?')).toEqual(['Wie lange läuft der Vertrag', 'verlängert er sich automatisch?']);
  });

  it('keeps one ask whole', () => {
    for (const q of [
      'What rights survive termination and expiration of the agreement?',
      'is there a non-compete, and if so, for how long?',
      'Can the licensor terminate for convenience?',
      'how long does it run?',
      'and is it?',
      'Kann der Vertrag gekündigt werden und wenn ja, wann?',
    ])
      expect(questionParts(q)).toEqual([q]);
  });

  it('does not split off a part of one word', () => {
    expect(questionParts('is it exclusive and why?')).toEqual(['is it exclusive and why?']);
  });
});
