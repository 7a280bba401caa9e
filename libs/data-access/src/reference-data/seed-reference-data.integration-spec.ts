import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { ReferenceDataRepository } from '../repositories/reference-data.repository';
import { seedReferenceData } from './seed-reference-data';

const COVERAGE_FIRMS_CODES_SAMPLE = ['BDCGPCPA', 'HKHKGHITHK', '3891', 'DEHAMCTA', '241', 'AEJEADPWJ4', 'Y773', 'GBSOUDPWS', 'M669'];

async function snapshot(db: ScratchDatabase): Promise<unknown[]> {
  return Promise.all(
    ['shipping_lines', 'rail_carriers', 'ports', 'terminals'].map((table) => db.dataSource.query(`SELECT * FROM ${table} ORDER BY id`)),
  );
}

describe('reference data', () => {
  let db: ScratchDatabase;
  let repository: ReferenceDataRepository;

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
    await seedReferenceData(db.dataSource);
    repository = new ReferenceDataRepository(db.dataSource);
  });

  afterAll(async () => {
    await db.drop();
  });

  it('has the 38 covered shipping lines (36 public, 2 on request) plus the public sandbox line TEST', async () => {
    const lines = await repository.listShippingLines();
    const real = lines.filter((line) => !line.is_sandbox);
    expect(real).toHaveLength(38);
    expect(real.filter((line) => line.access === 'public')).toHaveLength(36);
    expect(
      real
        .filter((line) => line.access === 'account')
        .map((line) => line.scac)
        .sort(),
    ).toEqual(['SMLU', 'TRBR']);
    const sandbox = await repository.findShippingLineByScac('TEST');
    expect(sandbox).toMatchObject({
      access: 'public',
      is_sandbox: true,
      bill_of_lading_tracking_support: true,
      booking_number_tracking_support: true,
      container_number_tracking_support: true,
    });
  });

  it.each([
    [
      'EGLV',
      'EGLV',
      { bill_of_lading_tracking_support: false, booking_number_tracking_support: false, container_number_tracking_support: true },
    ],
    [
      'COSU',
      'COSU',
      { bill_of_lading_tracking_support: true, booking_number_tracking_support: true, container_number_tracking_support: false },
    ],
    ['medu', 'MSCU', { short_name: 'MSC' }],
    ['YMJA', 'YMLU', { short_name: 'Yang Ming' }],
    ['PYRR', 'TRBR', { access: 'account', booking_number_tracking_support: true, bill_of_lading_tracking_support: false }],
  ])('finds the line for SCAC %s (its own or an alternative) as %s with what it tracks', async (asked, scac, expected) => {
    await expect(repository.findShippingLineByScac(asked)).resolves.toMatchObject({ scac, ...expected });
  });

  it('has every terminal of the coverage list, each in a port with a time zone', async () => {
    for (const firmsCode of COVERAGE_FIRMS_CODES_SAMPLE) {
      await expect(repository.findTerminalByFirmsCode(firmsCode)).resolves.not.toBeNull();
    }
    const [counts] = await db.dataSource.query<{ total: string; covered: string; without_port: string; without_zone: string }[]>(
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE t.region IS NOT NULL AND NOT t.is_sandbox) AS covered,
              count(*) FILTER (WHERE p.id IS NULL) AS without_port,
              count(*) FILTER (WHERE p.time_zone IS NULL OR t.time_zone IS NULL) AS without_zone
       FROM terminals t LEFT JOIN ports p ON p.id = t.port_id`,
    );
    expect(Number(counts!.covered)).toBe(102);
    expect(Number(counts!.total)).toBeGreaterThanOrEqual(102 + 2);
    expect(Number(counts!.without_port)).toBe(0);
    expect(Number(counts!.without_zone)).toBe(0);
  });

  it.each([
    ['Y773', 'USLAX', 'America/Los_Angeles', 'WBCT'],
    ['TST1', 'USLAX', 'America/Los_Angeles', 'Sandbox 1'],
    ['TST2', 'USLAX', 'America/Los_Angeles', 'Sandbox 2'],
    ['M669', 'USTPA', 'America/New_York', 'Tampa Bay'],
    ['3891', 'CAVAN', 'America/Vancouver', null],
    ['AEJEADPWJ4', 'AEJEA', 'Asia/Dubai', null],
  ])('places terminal %s in %s (%s), nickname %s', async (firmsCode, portCode, zone, nickname) => {
    const terminal = await repository.findTerminalByFirmsCode(firmsCode);
    const [port] = await repository.findPortsByIds([terminal!.port_id!]);
    expect(port).toMatchObject({ code: portCode, time_zone: zone });
    expect(terminal).toMatchObject({ time_zone: zone, nickname });
  });

  it.each([
    ['CNSHA', 'Asia/Shanghai'],
    ['SGSIN', 'Asia/Singapore'],
    ['NLRTM', 'Europe/Amsterdam'],
    ['FRPAR', 'Europe/Paris'],
    ['USCHI', 'America/Chicago'],
    ['USCMH', 'America/New_York'],
    ['MXPGO', 'America/Merida'],
    ['usmkc', 'America/Chicago'],
  ])('knows port %s in %s', async (code, zone) => {
    await expect(repository.findPortByCode(code)).resolves.toMatchObject({ code: code.toUpperCase(), time_zone: zone });
  });

  it('gives every port a valid IANA time zone', async () => {
    const rows = await db.dataSource.query<{ code: string; time_zone: string }[]>('SELECT code, time_zone FROM ports');
    const invalid = rows.filter((row) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: row.time_zone });
        return false;
      } catch {
        return true;
      }
    });
    expect(invalid).toEqual([]);
  });

  it('has the sandbox railroad next to the real ones', async () => {
    await expect(repository.findRailCarrierByScac('TSTR')).resolves.toMatchObject({ is_sandbox: true });
    await expect(repository.findRailCarrierByScac('bnsf')).resolves.toMatchObject({ is_sandbox: false });
  });

  it('puts back a reference row that was edited by hand', async () => {
    await db.dataSource.query(`UPDATE shipping_lines SET access = 'account', short_name = 'x' WHERE scac = 'MAEU'`);
    await seedReferenceData(db.dataSource);
    await expect(repository.findShippingLineByScac('MAEU')).resolves.toMatchObject({ access: 'public', short_name: 'Maersk' });
  });

  it('changes nothing when seeded again, even by two processes at once', async () => {
    const before = await snapshot(db);
    const other = await db.connectAgain();
    await Promise.all([seedReferenceData(db.dataSource), seedReferenceData(other)]);
    expect(await snapshot(db)).toEqual(before);
  });
});
