import { describe, it } from 'vitest';
import { fileSummaries } from '../../../projections/file/file-summaries';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aFile } from './fixtures';

describe.each(databaseKinds)('file_summaries on %s', (kind) => {
  const spec = projectionSpec(fileSummaries, kind);
  const file = aFile();

  it('a created file is a row', () =>
    spec
      .given()
      .when(file.created())
      .thenRows({
        file_summaries: [
          {
            file_id: file.fileId,
            path: 'leaflet',
            name: 'Leaflet',
            url: 'https://example.org/leaflet.pdf',
            type: 'pdf',
          },
        ],
      }));

  it('an update replaces name, address and type', () =>
    spec
      .given(file.created())
      .when(file.updated({ name: 'Video', url: 'https://example.org/v.mp4', type: 'video' }))
      .thenRows({ file_summaries: [{ name: 'Video', url: 'https://example.org/v.mp4', type: 'video' }] }));

  it('a deleted file leaves no row; a creation applied again adds none', () => {
    const other = aFile('other');
    return spec
      .given(file.created(), other.created())
      .when(file.deleted(), other.created({ name: 'Again' }))
      .thenRows({ file_summaries: [{ path: 'other', name: 'Leaflet' }] });
  });
});
