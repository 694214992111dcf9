// Czech names of the domain enumerations: units of measure, item states, catalog types, visibilities, roles.
import { UNIT_SYMBOLS } from '@costory/shared';
import type { Resource } from '../../resource-types';

export default {
  unit: {
    MANDAYS: 'Člověkodny',
    HOUR: 'Hodiny',
    METER: 'Metry',
    KILOMETER: 'Kilometry',
    METER_SQUARE: 'Metry čtvereční',
    KILOMETER_SQUARE: 'Kilometry čtvereční',
    LITER: 'Litry',
    MILLILITER: 'Mililitry',
    GRAM: 'Gramy',
    KILOGRAM: 'Kilogramy',
    UNIT: 'Kusy',
    UNIT_FIX: 'Paušál',
    UNIT_PERIOD_DAY: 'Dny',
    UNIT_PERIOD_WEEK: 'Týdny',
    UNIT_PERIOD_BI_WEEK: 'Dvoutýdenní období',
    UNIT_PERIOD_MONTH: 'Měsíce',
    UNIT_PERIOD_HALF_ANNUAL: 'Pololetí',
    UNIT_PERIOD_ANNUAL: 'Roky',
  },
  unitSymbol: UNIT_SYMBOLS.cs,
  itemState: {
    PENDING: 'Čeká na zpracování',
    TO_INSPECT: 'Ke kontrole',
    TO_EQUATION: 'K sestavení vzorců',
    COMPLETE: 'Hotovo',
  },
  catalogType: {
    BDT: 'Rozpočet',
    MNT: 'Monitoring a hodnocení',
    SRV: 'Průzkum',
  },
  catalogVisibility: {
    PUBLIC: 'Veřejný',
    PUBLIC_PAID: 'Veřejný (placený)',
    PRIVATE: 'Soukromý',
  },
  catalogMemberRole: {
    CTL_READER: 'Čtenář',
    CTL_REPORTER: 'Navrhovatel',
    CTL_INSPECTOR: 'Kontrolor',
    CTL_MATHEMATICIAN: 'Matematik',
    CTL_ADMIN: 'Správce',
    PUBLIC_READABLE: 'Veřejně čitelný',
  },
  storyMemberRole: {
    ICT_ADMIN: 'Správce',
    ICT_MODELER: 'Modelář',
    ICT_VERIFIER: 'Ověřovatel',
    ICT_CUSTOMER: 'Zákazník',
    CTL_READER: 'Čtenář',
  },
} satisfies Resource;
