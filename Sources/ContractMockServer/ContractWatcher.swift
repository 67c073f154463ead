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
                case .success(let dropped)?:
                    settings.log("reloaded \(contract.url.path)")
                    for operation in dropped {
                        settings.log(
                            "dropped the stub for \"\(operation)\": the reloaded \(contract.url.path) has no "
                                + "operation of that name")
                    }
                case .failure(let error)?:
                    settings.log("\(error)\nstill serving the last good version of \(contract.url.path)")
                case nil:
                    continue
                }
            }
        }
    }
}
