import { describe, expect, it } from 'vitest';
import { appStateStore, chooseEntityId, searchEntities, storeSelectedEntityId } from './selectedEntity';

const entities = [
  { id: 'e1', name: 'Acme Holdings LLC' },
  { id: 'e2', name: 'Acme Robotics Inc.' },
  { id: 'e3', name: 'Northwind Traders' },
];

describe('chooseEntityId', () => {
  it('restores the stored entity when the user still belongs to it', () => {
    expect(chooseEntityId(entities, 'e2')).toBe('e2');
  });

  it('falls back to the first entity when the stored one no longer exists', () => {
    expect(chooseEntityId(entities, 'gone')).toBe('e1');
  });

  it('takes the first entity when nothing is stored', () => {
    expect(chooseEntityId(entities, null)).toBe('e1');
  });

  it("lands on the server's default (the richest company) when nothing usable is stored", () => {
    expect(chooseEntityId(entities, null, 'e2')).toBe('e2');
    expect(chooseEntityId(entities, 'gone', 'e3')).toBe('e3');
    expect(chooseEntityId(entities, 'e1', 'e3')).toBe('e1');
    expect(chooseEntityId(entities, null, 'not-mine')).toBe('e1');
  });

  it('has nothing to choose without entities', () => {
    expect(chooseEntityId([], 'e1')).toBeNull();
  });
});

describe('searchEntities', () => {
  it('lists every entity for an empty query', () => {
    expect(searchEntities(entities, '  ')).toHaveLength(3);
  });

  it('matches partial words regardless of case', () => {
    expect(searchEntities(entities, 'north').map((entity) => entity.id)).toEqual(['e3']);
  });

  it('tolerates typos', () => {
    expect(searchEntities(entities, 'robtics').map((entity) => entity.id)).toEqual(['e2']);
  });

  it('finds nothing for an unrelated query', () => {
    expect(searchEntities(entities, 'zzzzqx')).toEqual([]);
  });
});

describe('the stored choice', () => {
  it('keeps the selected entity in local storage', () => {
    storeSelectedEntityId('e3');
    expect(appStateStore.read().selectedEntityId).toBe('e3');
    expect(JSON.parse(window.localStorage.getItem(appStateStore.key) ?? '{}')).toEqual({
      selectedEntityId: 'e3',
    });
  });

  it('ignores a stored value of the wrong shape', () => {
    window.localStorage.setItem(appStateStore.key, '"not an object"');
    expect(appStateStore.read().selectedEntityId).toBeNull();
  });
});
