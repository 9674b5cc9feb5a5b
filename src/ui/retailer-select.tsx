import { RETAILER_CODES, type RetailerCode } from '../api/retailers.ts';
import { retailerName } from '../shared/retailer-names.ts';
import { SelectField } from './fields.tsx';

/** A choice of retailer; with `any`, a first option ('') for every retailer, under that text. */
export function RetailerSelect<T extends RetailerCode | ''>(props: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  any?: string;
  describe?: (code: RetailerCode) => string;
  hint?: string;
}) {
  const { any, describe = retailerName } = props;
  const options = [
    ...(any === undefined ? [] : [['' as T, any] as const]),
    ...RETAILER_CODES.map((code) => [code as T, describe(code)] as const),
  ];
  return <SelectField {...props} options={options} />;
}
