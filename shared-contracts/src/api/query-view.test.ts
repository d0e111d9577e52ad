import { describe, expect, it } from 'vitest';
import { selectFromFirstRender } from './query-view';

interface State {
  data?: unknown;
  isUninitialized: boolean;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
}
const notStarted: State = { data: undefined, isUninitialized: true, isLoading: false, isFetching: false, isError: false };
const pick = ({ data, isLoading, isFetching }: State) => ({ data, isLoading, isFetching });

describe('selectFromFirstRender', () => {
  it('shows a query that has not started yet as loading and fetching, as RTK Query does without a selector', () => {
    expect(selectFromFirstRender(pick)(notStarted)).toEqual({ data: undefined, isLoading: true, isFetching: true });
  });

  it('shows one with data from the cache as fetching but not loading', () => {
    expect(selectFromFirstRender(pick)({ ...notStarted, data: [1] })).toEqual({ data: [1], isLoading: false, isFetching: true });
  });

  it('leaves a skipped query and a started one as they are', () => {
    expect(selectFromFirstRender(pick, true)(notStarted)).toEqual({ data: undefined, isLoading: false, isFetching: false });
    const started = { ...notStarted, isUninitialized: false, isLoading: false, isFetching: false, data: 'answer' };
    expect(selectFromFirstRender(pick)(started)).toEqual({ data: 'answer', isLoading: false, isFetching: false });
  });
});
