# SPDX-License-Identifier: GPL-3.0-or-later
# bash completion for clustermark-cli. The candidates come from `clustermark-cli
# complete`, which knows the commands, the kinds, their options and choices (presets,
# formats) and the saved runs from the same declarations as --help. No candidate: file
# names, as for any argument.
_clustermark_cli()
{
    local line=${COMP_LINE:0:COMP_POINT}
    local -a words
    read -ra words <<< "$line"
    if [[ $line =~ [[:space:]]$ ]]; then
        words+=("")
    fi
    local out
    out=$("${words[0]}" complete -- "${words[@]:1}" 2>/dev/null) || return 0
    COMPREPLY=()
    local entry
    while IFS= read -r entry; do
        [ -n "$entry" ] && COMPREPLY+=("${entry%%$'\t'*}")
    done <<< "$out"
    if [ ${#COMPREPLY[@]} -eq 0 ]; then
        compopt -o default 2>/dev/null
    fi
    return 0
}
complete -F _clustermark_cli clustermark-cli
