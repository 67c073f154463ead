// A test target imports only `ContractTesting`: the backend and its scenarios come with it. The
// exchange types (`HTTPRequest`, `HTTPResponse`) stay in `ContractVerify`, imported where a stub builds
// a response, because re-exporting them would clash with swift-http-types' names in clients that use them.
@_exported import ContractInterception
