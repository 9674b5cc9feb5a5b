import type { RetailerCode } from '../../src/api/retailers.ts';

type Random = () => number;

const DIGITS = '0123456789';
const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function pick(alphabet: string, count: number, random: Random): string {
  let text = '';
  for (let i = 0; i < count; i++) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

/** Tracking numbers in each carrier's familiar shape, drawn from the seeded source. */
const NUMBER_FORMATS: Record<string, (random: Random) => string> = {
  'Amazon Logistics': (random) => `TBA${pick(DIGITS, 12, random)}`,
  UPS: (random) => `1Z${pick(ALPHANUMERIC, 6, random)}03${pick(DIGITS, 8, random)}`,
  USPS: (random) => `9400${pick(DIGITS, 18, random)}`,
  FedEx: (random) => pick(DIGITS, 12, random),
  'Royal Mail': (random) => `${pick(LETTERS, 2, random)}${pick(DIGITS, 9, random)}GB`,
  DPD: (random) => pick(DIGITS, 14, random),
  'Canada Post': (random) => pick(DIGITS, 16, random),
  Purolator: (random) => pick(DIGITS, 12, random),
  DHL: (random) => pick(DIGITS, 10, random),
  Hermes: (random) => pick(DIGITS, 14, random),
  Estafeta: (random) => pick(DIGITS, 22, random),
  Cainiao: (random) => `LP${pick(DIGITS, 14, random)}`,
  YunExpress: (random) => `YT${pick(DIGITS, 16, random)}`,
};

const CARRIERS: Record<RetailerCode, string[]> = {
  amazon: ['Amazon Logistics', 'UPS', 'USPS'],
  amazon_uk: ['Amazon Logistics', 'Royal Mail', 'DPD'],
  amazon_ca: ['Amazon Logistics', 'Canada Post', 'Purolator'],
  amazon_de: ['Amazon Logistics', 'DHL', 'Hermes'],
  amazon_mx: ['Amazon Logistics', 'Estafeta', 'DHL'],
  walmart: ['FedEx', 'UPS', 'USPS'],
  costco: ['UPS', 'FedEx'],
  homedepot: ['UPS', 'FedEx'],
  aliexpress: ['Cainiao', 'YunExpress', 'USPS'],
};

/** A carrier that delivers for this storefront, and a tracking number of its shape. */
export function shipment(
  retailer: RetailerCode,
  random: Random,
): { carrier: string; tracking_number: string } {
  const carriers = CARRIERS[retailer];
  const carrier = carriers[Math.floor(random() * carriers.length)] as string;
  const format = NUMBER_FORMATS[carrier] ?? ((next: Random) => pick(DIGITS, 12, next));
  return { carrier, tracking_number: format(random) };
}

const ORDER_ID_PREFIXES: Partial<Record<RetailerCode, string[]>> = {
  amazon: ['111', '112', '113', '114'],
  amazon_uk: ['202', '203', '204', '205', '206'],
  amazon_ca: ['701', '702'],
  amazon_de: ['302', '303', '304', '305', '306'],
  amazon_mx: ['701', '702'],
};

/** A merchant order id in the storefront's own shape, drawn from the seeded source. */
export function merchantOrderId(retailer: RetailerCode, random: Random): string {
  const prefixes = ORDER_ID_PREFIXES[retailer];
  if (prefixes) {
    const prefix = prefixes[Math.floor(random() * prefixes.length)] as string;
    return `${prefix}-${pick(DIGITS, 7, random)}-${pick(DIGITS, 7, random)}`;
  }
  switch (retailer) {
    case 'homedepot':
      return `W${pick(DIGITS, 9, random)}`;
    case 'aliexpress':
      return `81${pick(DIGITS, 14, random)}`;
    case 'costco':
      return `1${pick(DIGITS, 9, random)}`;
    default:
      return `2${pick(DIGITS, 12, random)}`;
  }
}
