import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as aq from 'arquero';
import { decodeHeader, encodeHeader, frameInfo, HEADER_SEPARATOR, headerLevels } from '../../src/frame';
import { rememberFrameInfo, type FrameInfo } from '../../src/frame/frame-info';

test('encodeHeader joins the levels, leaving out empty trailing levels', () => {
  assert.is(HEADER_SEPARATOR, ' | ');
  assert.is(encodeHeader(['wind', '2020-10-26 00:00 ec-ens', 'e00']), 'wind | 2020-10-26 00:00 ec-ens | e00');
  assert.is(encodeHeader(['wind', '2020-10-26 00:00 ec-ens', '']), 'wind | 2020-10-26 00:00 ec-ens');
  assert.is(encodeHeader(['wind', '', '']), 'wind');
  assert.is(encodeHeader(['temp', '', 'y1980']), 'temp |  | y1980');
  assert.is(encodeHeader([null, '', '']), 'None');
});

test('decodeHeader is the inverse, padding with empty levels', () => {
  assert.equal(decodeHeader('wind | 2020-10-26 00:00 ec-ens'), ['wind', '2020-10-26 00:00 ec-ens', '']);
  assert.equal(decodeHeader('temp |  | y1980'), ['temp', '', 'y1980']);
  assert.equal(decodeHeader('wind'), ['wind', '', '']);
  // more separators than levels: the rest stays in the last level
  assert.equal(decodeHeader('a | b | c | d'), ['a', 'b', 'c | d']);
  assert.equal(decodeHeader('a | b', 1), ['a | b']);
});

test('headerLevels of a table made elsewhere: decoded from the names, date left out', () => {
  const t = aq.table({ date: [new Date(0)], 'x | y | z': [1], plain: [2] });
  assert.equal(
    [...headerLevels(t).entries()],
    [
      ['x | y | z', ['x', 'y', 'z']],
      ['plain', ['plain', '', '']],
    ],
  );
  assert.is(frameInfo(t), null);
});

test('frame information kept in a side map (Danfo frames) is found by frameInfo and headerLevels', () => {
  const info: FrameInfo = {
    zone: 'CET',
    index: ['date'],
    levelNames: ['curve', 'instance', 'scenario'],
    levels: { 'a | b': ['a', 'b', ''] },
    instants: ['date'],
    dates: [],
  };
  const frame = rememberFrameInfo({ columns: ['date', 'a | b', 'extra'] }, info);
  assert.is(frameInfo(frame), info);
  assert.equal(
    [...headerLevels(frame).entries()],
    [
      ['a | b', ['a', 'b', '']],
      ['extra', ['extra', '', '']],
    ],
  );
  assert.equal([...headerLevels({}).keys()], []);
});

test.run();
