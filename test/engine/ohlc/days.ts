// CET local midnights used by the OHLC engine tests, worked out by hand.
// Winter (UTC+1): local midnight of day D is 23:00Z on the day before.
// Summer (UTC+2, from 2024-03-31): local midnight of day D is 22:00Z on the day before.
export const D = {
  jan31: Date.UTC(2024, 0, 30, 23), // Wed 2024-01-31T00:00+01:00
  feb1: Date.UTC(2024, 0, 31, 23), // Thu 2024-02-01T00:00+01:00
  feb2: Date.UTC(2024, 1, 1, 23), // Fri 2024-02-02T00:00+01:00
  feb3: Date.UTC(2024, 1, 2, 23), // Sat 2024-02-03T00:00+01:00
  feb4: Date.UTC(2024, 1, 3, 23), // Sun 2024-02-04T00:00+01:00
  feb5: Date.UTC(2024, 1, 4, 23), // Mon 2024-02-05T00:00+01:00
  feb6: Date.UTC(2024, 1, 5, 23), // Tue 2024-02-06T00:00+01:00
  feb7: Date.UTC(2024, 1, 6, 23), // Wed 2024-02-07T00:00+01:00
  feb8: Date.UTC(2024, 1, 7, 23), // Thu 2024-02-08T00:00+01:00
  feb9: Date.UTC(2024, 1, 8, 23), // Fri 2024-02-09T00:00+01:00
  mar1: Date.UTC(2024, 1, 29, 23), // Fri 2024-03-01T00:00+01:00
  apr1: Date.UTC(2024, 2, 31, 22), // Mon 2024-04-01T00:00+02:00 (after the 2024-03-31 DST change)
  may1: Date.UTC(2024, 3, 30, 22), // Wed 2024-05-01T00:00+02:00
  jun1: Date.UTC(2024, 4, 31, 22), // Sat 2024-06-01T00:00+02:00
  jul1: Date.UTC(2024, 5, 30, 22), // Mon 2024-07-01T00:00+02:00
  oct1: Date.UTC(2024, 8, 30, 22), // Tue 2024-10-01T00:00+02:00
  jan1y25: Date.UTC(2024, 11, 31, 23), // Wed 2025-01-01T00:00+01:00
};
