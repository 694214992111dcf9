// placeholder replaced by the validation library
export {};
