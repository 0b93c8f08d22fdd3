extension ProgramDeclaration {
  /// A bash completion script: commands, each command's options, option values (fixed words,
  /// files, folders, or the program's own lists through ``valuesCommand``, matched ignoring
  /// case, as the filters match) and arguments.
  public func bashCompletion() -> String {
    let function = "_" + identifier
    var script = """
      # bash completion for \(name), made by '\(name) completions bash'.
      \(function)_values() {
        local word
        COMPREPLY=()
        # Line by line, never through an unquoted $(…): a topic "/*" must not be globbed.
        while IFS= read -r word; do
          [[ ${word,,} == "${cur,,}"* ]] && COMPREPLY+=("$(printf '%q' "$word")")
        done < <(\(valuesCommand) "$1" 2>/dev/null)
      }
      \(function)() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
        local command=\(defaultCommand?.name ?? "")
        if ((COMP_CWORD == 1)) && [[ $cur != -* ]]; then
          COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$cur"))
          return
        fi
        ((COMP_CWORD > 1)) && [[ ${COMP_WORDS[1]} != -* ]] && command=${COMP_WORDS[1]}
        case $command in

      """
    for command in commands {
      script += "    \(command.name))\n      case $prev in\n"
      for option in command.allOptions where option.value != nil {
        script += "        \(option.name)) \(bashAction(option.completion)); return ;;\n"
      }
      script += "      esac\n"
      script += "      if [[ $cur == -* ]]; then\n"
      script +=
        "        COMPREPLY=($(compgen -W \"\(command.allOptions.map(\.name).joined(separator: " "))\" -- \"$cur\"))\n"
      script += "        return\n      fi\n"
      if let argument = command.arguments.first {
        script += "      \(bashAction(argument.completion))\n"
      }
      script += "      ;;\n"
    }
    script += """
        esac
      }
      complete -F \(function) \(name)

      """
    return script
  }

  private func bashAction(_ completion: Completion) -> String {
    switch completion {
    case .none: "COMPREPLY=()"
    case .values(let words):
      "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
    case .files: "COMPREPLY=($(compgen -f -- \"$cur\"))"
    case .folders: "COMPREPLY=($(compgen -d -- \"$cur\"))"
    case .commands:
      "COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " "))\" -- \"$cur\"))"
    case .listed(let kind): "_\(identifier)_values \(kind)"
    }
  }

  /// A zsh completion script (`#compdef`), with each option's help shown beside it.
  public func zshCompletion() -> String {
    var script = """
      #compdef \(name)
      # zsh completion for \(name), made by '\(name) completions zsh'.
      _\(identifier)_values() {
        local -a values
        values=(${(f)"$(\(valuesCommand) $1 2>/dev/null)"})
        compadd -M 'm:{a-zA-Z}={A-Za-z}' -a values
      }
      _\(identifier)() {
        local -a commands
        commands=(

      """
    for command in commands {
      script += "    \(zshQuote(command.name + ":" + command.summary))\n"
    }
    script += """
        )
        if ((CURRENT == 2)) && [[ $words[2] != -* ]]; then
          _describe command commands
          return
        fi
        local command=\(defaultCommand?.name ?? "")
        if [[ $words[2] != -* ]]; then
          command=$words[2]
          shift words
          ((CURRENT--))
        fi
        case $command in

      """
    for command in commands {
      script += "    \(command.name))\n      _arguments -s \\\n"
      for option in command.allOptions {
        script += "        " + zshSpec(option) + " \\\n"
      }
      if let argument = command.arguments.first {
        script +=
          "        "
          + zshQuote(
            (argument.isRepeatable ? "*" : "1") + ":" + argument.name + ":"
              + zshAction(argument.completion)) + " \\\n"
      }
      script += "        && return\n      ;;\n"
    }
    script += """
        esac
      }
      _\(identifier) "$@"

      """
    return script
  }

  private func zshSpec(_ option: OptionDeclaration) -> String {
    let help = "[" + zshEscape(option.help) + "]"
    let value = option.valueName.map { ":" + $0 + ":" + zshAction(option.completion) } ?? ""
    if let short = option.short {
      return "'(-\(short) \(option.name))'{-\(short),\(option.name)}" + zshQuote(help + value)
    }
    return zshQuote((option.isRepeatable ? "*" : "") + option.name + help + value)
  }

  private func zshAction(_ completion: Completion) -> String {
    switch completion {
    case .none: " "
    case .values(let words): "(" + words.joined(separator: " ") + ")"
    case .files: "_files"
    case .folders: "_files -/"
    case .commands: "(" + commands.map(\.name).joined(separator: " ") + ")"
    case .listed(let kind): "_\(identifier)_values \(kind)"
    }
  }

  /// A fish completion script.
  public func fishCompletion() -> String {
    var lines = [
      "# fish completion for \(name), made by '\(name) completions fish'.",
      "complete -c \(name) -f",
    ]
    let names = commands.map(\.name).joined(separator: " ")
    for command in commands {
      lines.append(
        "complete -c \(name) -n '__fish_use_subcommand' -a \(command.name) -d \(fishQuote(command.summary))"
      )
    }
    for command in commands {
      var conditions = ["__fish_seen_subcommand_from \(command.name)"]
      if command.isDefault { conditions.append("not __fish_seen_subcommand_from \(names)") }
      for condition in conditions {
        for option in command.allOptions {
          var line = "complete -c \(name) -n \(fishQuote(condition)) -l \(option.name.dropFirst(2))"
          if let short = option.short { line += " -s \(short)" }
          if option.value != nil { line += " -r" + fishAction(option.completion) }
          lines.append(line + " -d " + fishQuote(option.help))
        }
      }
      if let argument = command.arguments.first {
        lines.append(
          "complete -c \(name) -n \(fishQuote(conditions[0]))" + fishAction(argument.completion))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func fishAction(_ completion: Completion) -> String {
    switch completion {
    case .none: ""
    case .values(let words): " -a " + fishQuote(words.joined(separator: " "))
    case .files: " -F"
    case .folders: " -a '(__fish_complete_directories)'"
    case .commands: " -a " + fishQuote(commands.map(\.name).joined(separator: " "))
    case .listed(let kind): " -a " + fishQuote("(\(valuesCommand) \(kind))")
    }
  }

  /// The name as a shell function name: letters, digits and underscores.
  private var identifier: String {
    String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }

  private func zshEscape(_ text: String) -> String {
    var out = ""
    for character in text {
      if "[]:\\".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }

  private func zshQuote(_ text: String) -> String {
    "'" + text.replacingAll("'", with: "'\\''") + "'"
  }

  private func fishQuote(_ text: String) -> String {
    "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
  }
}

extension String {
  /// The string with every `target` replaced, without Foundation.
  func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
