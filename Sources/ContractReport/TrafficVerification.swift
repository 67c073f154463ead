import ContractVerify

/// Verifies traffic one exchange at a time, as it is read, keeping only what the reports need: the
/// findings, with where each exchange was read, and counts per operation. An exchange is dropped once
/// verified, so memory stays flat however many exchanges a run reads.
package struct TrafficVerification {
    private let check: TrafficCheck
    private var verifiers: VerifierVariants
    private var files: ContractFileNames
    /// What has been found so far.
    package private(set) var result: TrafficResult

    /// Starts verifying against the check's contracts.
    package init(_ check: TrafficCheck) {
        self.check = check
        verifiers = VerifierVariants(contracts: check.contracts)
        files = ContractFileNames(check.contracts)
        result = TrafficResult(contracts: check.contracts.map { ContractTrafficResult(document: $0.document) })
    }

    /// How many verifiers the recordings' options have needed besides the contracts' own (one per contract
    /// and set of options, whatever base URL each test's server had).
    var variantCount: Int { verifiers.count }

    /// Verifies one exchange and adds its verdict to `result`.
    package mutating func verify(_ record: TrafficEntry) {
        let (found, route, isOther) = check.contractIndex(for: record, files: &files)
        guard let index = found else {
            if isOther, let contract = record.contract {
                result.otherContracts[contract, default: 0] += 1
            } else {
                result.skippedExchanges += 1
            }
            return
        }
        result.contracts[index].add(record, verdict: verifiers.verdict(of: record, contract: index, routed: route))
    }
}
