/// Reloads the contracts when their files change: a good edit replaces the backend (the port and the
/// connections stay), a broken one keeps the last good contract and logs the diagnostics.
struct ContractWatcher: Sendable {
    let contracts: MockedContracts
    let settings: MockServer.Settings

    /// Checks every `reloadInterval` until the task is cancelled.
    func run() async {
        guard let interval = settings.reloadInterval else { return }
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { return }
            for contract in contracts.all {
                switch contract.reloadIfChanged() {
                case .success?:
                    settings.log("reloaded \(contract.url.path)")
                case .failure(let error)?:
                    settings.log("\(error)\nstill serving the last good version of \(contract.url.path)")
                case nil:
                    continue
                }
            }
        }
    }
}
