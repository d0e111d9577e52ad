import { describe, expect, it } from 'vitest';
import { conversationHref } from './links';
import { phoneProblem, telHref } from './phone';

describe('phones and conversation links', () => {
  it('accepts digits, spaces and + ( ) . - in a phone of at most 32 characters', () => {
    expect(phoneProblem('+84 (90) 111-22.22')).toBeNull();
    expect(phoneProblem('')).toBeNull();
    expect(phoneProblem('090x')).toBe('chars');
    expect(phoneProblem('1'.repeat(33))).toBe('too_long');
  });

  it('calls the digits and a leading +', () => {
    expect(telHref('+84 (90) 111-22.22')).toBe('tel:+84901112222');
  });

  it('opens a conversation in the manager of its kind', () => {
    expect(conversationHref({ kind: 'comment', page_id: 'p 1', thread_id: 't1' })).toBe('/user-dashboard/comment-manager/?page=p+1&thread=t1');
    expect(conversationHref({ kind: 'message', page_id: 'p1', thread_id: 't2' })).toBe('/user-dashboard/message-manager/?page=p1&thread=t2');
  });
});
