// The library API in one import: load and lint contracts (`ContractLoader`), validate JSON against their
// schemas (`SchemaRegistry`, `CompiledSchema`), verify requests and responses (`ContractVerifier`),
// synthesize example bodies (`ExampleSynthesizer`) and write JUnit reports (`JUnitWriter`). The modules
// behind it are parts of this package; only what these types show is public.
@_exported import ContractExamples
@_exported import ContractJSON
@_exported import ContractReport
@_exported import ContractSchema
@_exported import ContractSpec
@_exported import ContractVerify
